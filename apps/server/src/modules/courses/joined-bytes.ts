import type { FastifyReply } from 'fastify';
import type { CourseSummary } from '@dars/contract';
import { replyShared, replyWritten, writtenOnce } from '../../plugins/endpoint';

const JOINED_FALSE = Buffer.from('"joined":false');
const JOINED_TRUE = Buffer.from('"joined":true');

/**
 * The written JSON of an answer shared by every reader, whose only `joined` flags are its
 * cards' (a guest's: all false), with the flag made true on the cards the student joined:
 * `flagged` is `cards` after joinedFlags, a card copied where the student joined it. The flags
 * are found by their bytes: `"joined":false` can only be a key and its value, since a quote
 * inside a JSON string is always escaped (`\"`), and the serializer writes a card's keys in the
 * contract's order, so the n-th flag is the n-th card's. Undefined when the bytes do not hold
 * exactly one flag per card (the answer is then written afresh); in tests the result is checked
 * against the route's own writing of the answer (replyWritten).
 * @example withJoinedBytes(writtenOnce(reply, shared), shared.data, mine)
 */
export function withJoinedBytes(
  bytes: Buffer,
  cards: readonly CourseSummary[],
  flagged: readonly CourseSummary[],
): Buffer | undefined {
  const parts: Buffer[] = [];
  let from = 0;
  let at = -1;
  for (let i = 0; i < cards.length; i += 1) {
    at = bytes.indexOf(JOINED_FALSE, at + 1);
    if (at < 0) return undefined;
    if (flagged[i] !== cards[i]) {
      parts.push(bytes.subarray(from, at), JOINED_TRUE);
      from = at + JOINED_FALSE.length;
    }
  }
  if (bytes.indexOf(JOINED_FALSE, at + 1) >= 0) return undefined;
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

/**
 * A signed-in student's answer made of cards every reader shares (ADR 057): the shared answer
 * itself when none of its cards is the student's (its bytes written once), else `mine` (the
 * answer with `flagged` in place of `cards`), written from the shared bytes with the student's
 * flags put in, or afresh when they cannot be.
 * @example return cardsAnswer(reply, shared, shared.data, data, { ...shared, data })
 */
export function cardsAnswer<S extends object, M extends object>(
  reply: FastifyReply,
  shared: S,
  cards: readonly CourseSummary[],
  flagged: readonly CourseSummary[],
  mine: M,
): S | M {
  if (flagged === cards) return replyShared(reply, shared);
  const bytes = withJoinedBytes(writtenOnce(reply, shared), cards, flagged);
  return bytes ? replyWritten(reply, mine, bytes) : mine;
}

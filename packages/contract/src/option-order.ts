/**
 * The order of a choices question's options in one exam session (ADR 016): drawn from the
 * session token, the same on every reload, another for each session. The server lists them so,
 * and the staff console's preview shows the same draw (`key` stands in for a token there).
 */

/**
 * FNV-1a over the text, then murmur3's finaliser. FNV-1a alone is not enough: keys that differ
 * only in their last characters (`…:48`, `…:49`) got hashes whose order barely depended on the
 * session, so a question's six options had a few dozen orders among all students instead of
 * 720, and two students side by side often saw the same one. The finaliser spreads every bit.
 * Also ranks the questions a session draws from a bank (ADR 046).
 */
export function mixHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The options of question `questionId` in the order session `key` draws.
 * @example sessionOptionOrder(session.token, q.id, options).map((o) => o.id)
 */
export function sessionOptionOrder<T extends { id: number }>(
  key: string,
  questionId: number,
  options: readonly T[],
): T[] {
  const rank = new Map(options.map((o) => [o.id, mixHash(`${key}:${questionId}:${o.id}`)]));
  return [...options].sort((a, b) => rank.get(a.id)! - rank.get(b.id)! || a.id - b.id);
}

/**
 * The exam's questions in the order session `key` draws (an exam that shuffles its questions,
 * issue 26): another order for each session, the same on every reload.
 * @example sessionQuestionOrder(session.token, questions).map((q) => q.id)
 */
export function sessionQuestionOrder<T extends { id: number }>(
  key: string,
  questions: readonly T[],
): T[] {
  const rank = new Map(questions.map((q) => [q.id, mixHash(`${key}:question:${q.id}`)]));
  return [...questions].sort((a, b) => rank.get(a.id)! - rank.get(b.id)! || a.id - b.id);
}

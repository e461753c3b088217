import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { issueBatch, type BatchOptions } from './paycard-batches';

export type IssueOptions = BatchOptions;

/** How the command line is named as the issuer of a batch (as in the audit log, ADR 022). */
export const COMMAND_LINE_ISSUER = { id: null, name: 'سطر الأوامر' } as const;

/**
 * Issues new single-use pay cards from the command line (`npm run paycards`) and returns their
 * codes, as one batch of the same service the staff console uses (ADR 030). The codes exist
 * only in the return value: the database keeps their hashes, so print or export them now.
 * @example const codes = await issuePaycards(db, { value: 100, count: 50 })
 */
export async function issuePaycards(db: Kysely<DB>, options: IssueOptions): Promise<string[]> {
  return (await issueBatch(db, options, COMMAND_LINE_ISSUER)).codes;
}

import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context';

// Receipts sit in private storage, which no route serves as is (ADR 018); where that storage
// is (the data folder or a bucket) is the storage's business (ADR 024).

/**
 * Stores a receipt image under a generated name and returns its key in private storage.
 * @example await saveReceipt(ctx, 7, bytes, 'png') // 'receipts/7-3fa9c2e1b0a4.png'
 */
export async function saveReceipt(
  ctx: Pick<AppContext, 'storage'>,
  userId: number,
  bytes: Buffer,
  extension: string,
): Promise<string> {
  const key = `receipts/${userId}-${randomBytes(6).toString('hex')}.${extension}`;
  await ctx.storage.write('private', key, bytes);
  return key;
}

/** Removes a receipt whose request was never written. */
export async function removeReceipt(ctx: Pick<AppContext, 'storage'>, key: string): Promise<void> {
  await ctx.storage.remove('private', key);
}

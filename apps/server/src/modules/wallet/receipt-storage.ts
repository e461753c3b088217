import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context';

/** Receipts sit in private storage, which no route serves as is (ADR 018). */
function privateRoot(ctx: Pick<AppContext, 'config'>): string {
  return path.join(ctx.config.dataDir, 'storage', 'private');
}

/**
 * Stores a receipt image under a generated name and returns its path relative to private storage.
 * @example saveReceipt(ctx, 7, bytes, 'png') // 'receipts/7-3fa9c2e1b0a4.png'
 */
export function saveReceipt(
  ctx: Pick<AppContext, 'config'>,
  userId: number,
  bytes: Buffer,
  extension: string,
): string {
  const relative = `receipts/${userId}-${randomBytes(6).toString('hex')}.${extension}`;
  const file = path.join(privateRoot(ctx), relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return relative;
}

/** Removes a receipt whose request was never written. */
export function removeReceipt(ctx: Pick<AppContext, 'config'>, relative: string): void {
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: the file was just written; `force` only keeps a vanished one from hiding the error being answered
  fs.rmSync(path.join(privateRoot(ctx), relative), { force: true });
}

/** The absolute path of a stored receipt. */
export function receiptPath(ctx: Pick<AppContext, 'config'>, relative: string): string {
  return path.join(privateRoot(ctx), relative);
}

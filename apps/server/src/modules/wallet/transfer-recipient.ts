import type { Kysely } from 'kysely';
import {
  normalizeWalletAddress,
  type LookupTransferRecipientBody,
  type LookupTransferRecipientResponse,
} from '@dars/contract';
import type { DB } from '../../db/schema';
import type { UserRow } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import { DAY, HOUR, MINUTE, enforce } from '../../lib/rate-limit';
import { requireTransfers } from './wallet-switches';

/** The receiving side of a transfer, as the transfer and its lookup find it. */
export type TransferRecipient = { id: number; name: string; phone: string };

/**
 * The wallet a typed address names, when it takes transfers from `senderId`: a student's
 * (not a staff account's) who is not blocked. The student's own address is
 * CANNOT_TRANSFER_TO_YOURSELF; an unknown address and a wallet that takes no transfers are
 * the same WALLET_NOT_FOUND, so a refusal never tells a blocked student or a staff account
 * from an address nobody has (ADR 038).
 * @example const to = await transferRecipient(db, sender.id, 'dw 4821 937465')
 */
export async function transferRecipient(
  db: Kysely<DB>,
  senderId: number,
  typed: string,
): Promise<TransferRecipient> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'phone', 'group_id', 'blocked_at'])
    .where('wallet_address', '=', normalizeWalletAddress(typed))
    .executeTakeFirst();
  if (!row) throw new AppError('WALLET_NOT_FOUND');
  if (row.id === senderId) throw new AppError('CANNOT_TRANSFER_TO_YOURSELF');
  if (row.group_id !== null || row.blocked_at !== null) throw new AppError('WALLET_NOT_FOUND');
  return { id: row.id, name: row.name, phone: row.phone };
}

/**
 * How many lookups may be made: per student a few a minute (a typo or two, then the right
 * address) and a daily cap, and per network address a generous hourly cap (a school's or a
 * carrier's NAT puts many students behind one). Every lookup counts, found or not: a found one
 * is what a sweep of addresses would be after.
 */
export const TRANSFER_LOOKUP_LIMITS = {
  accountMinute: { limit: 10, windowMs: MINUTE },
  accountDay: { limit: 50, windowMs: DAY },
  address: { limit: 200, windowMs: HOUR },
} as const;

/**
 * A phone with only its first three and last two digits shown, each other character a '*':
 * enough for a student to recognise a classmate's number, too little to call it.
 * @example maskPhone('01012345678') // '010******78'
 */
export function maskPhone(phone: string): string {
  const start = phone.length > 7 ? 3 : 0;
  const end = Math.min(2, phone.length);
  return (
    phone.slice(0, start) + '*'.repeat(phone.length - start - end) + phone.slice(phone.length - end)
  );
}

/**
 * POST /wallet/transfer/lookup: the name and masked phone behind a typed address, so the
 * student confirms a person, not a code. The transfer's switches first (FEATURE_DISABLED, not
 * counted), then the limits (TOO_MANY_REQUESTS in Arabic), then the transfer's own refusals.
 * @example await lookupTransferRecipient(db, sender, { wallet_address: 'DW4821937465' }, ip) // { name: 'عمر خالد', phone_masked: '015******21' }
 */
export async function lookupTransferRecipient(
  db: Kysely<DB>,
  sender: UserRow,
  body: LookupTransferRecipientBody,
  ip: string,
): Promise<LookupTransferRecipientResponse> {
  await requireTransfers(db);
  const limits = TRANSFER_LOOKUP_LIMITS;
  await enforce(db, `transfer-lookup:account-minute:${sender.id}`, limits.accountMinute);
  await enforce(db, `transfer-lookup:account-day:${sender.id}`, limits.accountDay);
  await enforce(db, `transfer-lookup:address:${ip}`, limits.address);
  const recipient = await transferRecipient(db, sender.id, body.wallet_address);
  return { name: recipient.name, phone_masked: maskPhone(recipient.phone) };
}

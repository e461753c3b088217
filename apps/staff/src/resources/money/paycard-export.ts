import { csvDocument } from '@dars/ui/csv';
import { formatDate, formatMoney } from '@dars/ui/format';
import type { IssuedBatch } from '../../data/money-calls';
import { saveBlob } from '../../data/daily-calls';

/** The CSV's header row (Arabic: the file opens in a spreadsheet for printing houses). */
export const PAYCARD_CSV_HEADER = [
  'الرقم',
  'الكود',
  'القيمة (جنيه)',
  'مخصصة لـ',
  'تنتهي في',
  'الدفعة',
];

/** What a batch's cards are for, in words. */
export function batchTarget(batch: Pick<IssuedBatch, 'course' | 'lecture'>): string {
  if (batch.lecture) return `محاضرة: ${batch.lecture.name}`;
  if (batch.course) return `دورة: ${batch.course.name}`;
  return 'شحن المحفظة أو أي شراء';
}

/**
 * The batch's codes as CSV through the one writer of every export (ADR 034): UTF-8 with a
 * byte-order mark (so a spreadsheet reads the Arabic), CRLF lines, one card a line. The codes
 * exist only in this page (the server keeps their hashes), so this file is written here.
 * @example paycardCsv(batch) // '\uFEFFالرقم,الكود,…\r\n1,K7PM 4QXR 9TWD 2HNA,50,…'
 */
export function paycardCsv(batch: IssuedBatch): string {
  const expires = batch.expires_at ? formatDate(batch.expires_at) : 'لا تنتهي';
  return csvDocument(
    PAYCARD_CSV_HEADER,
    batch.codes.map((code, i) => [
      i + 1,
      code,
      batch.value.toFixed(2),
      batchTarget(batch),
      expires,
      batch.id,
    ]),
  );
}

/** The file's name: the batch and its value. */
export function paycardCsvName(batch: IssuedBatch): string {
  return `paycards-batch-${batch.id}-${batch.value}.csv`;
}

/** A printed card's value line. */
export function cardValue(batch: IssuedBatch): string {
  return formatMoney(batch.value);
}

/** Starts a download of text as a file (saveBlob's object URL, revoked after the click). */
export function downloadText(text: string, name: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(new Blob([text], { type }), name);
}

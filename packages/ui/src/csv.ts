/**
 * The one CSV writer of every export a school opens in a spreadsheet (ADR 034): the server's
 * list exports and the pay-card codes the console writes itself. Excel on a school's computer
 * reads a file as UTF-8 only when it starts with a byte-order mark, and splits lines on CRLF.
 */

/** U+FEFF: written as the bytes EF BB BF at the start of a UTF-8 file. */
export const CSV_BOM = '\uFEFF';

/** A number-like code a spreadsheet must keep as written (see `keepDigits`). */
export interface CsvDigits {
  readonly digits: string;
}

/**
 * What a cell may hold: text is written as text, a number as a number, null as empty, and a
 * `keepDigits` code as text that Excel does not turn into a number.
 */
export type CsvValue = string | number | null | undefined | CsvDigits;

// Excel runs a cell that starts with = + - @ (or a tab or CR before one) as a formula: a
// student's name like `=HYPERLINK(…)` must not become a link in the school's sheet.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const DIGITS = /^\d{1,50}$/;

/**
 * A code of digits that Excel would read as a number and spoil: a phone's leading 0
 * (01001234567 → 1001234567), an 18-digit order id (→ 1.23457E+17). Written as `="…"`, which
 * Excel and LibreOffice show as the text itself; anything but digits is written as text.
 * @example csvField(keepDigits('01001234567')) // '="01001234567"'
 */
export function keepDigits(code: string | null): CsvValue {
  return code === null ? null : { digits: code };
}

/**
 * One cell: quoted when it holds a comma, quote or line break (quotes doubled); text that
 * starts like a formula gets a leading `'` so it stays text. Numbers are left as numbers
 * (a negative amount is a number, not a formula).
 * @example csvField('سارة "الأولى", أحمد') // '"سارة ""الأولى"", أحمد"'
 * @example csvField('=1+1') // "'=1+1"
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    // ="0100…" is the one formula written on purpose: only digits go inside, never text.
    return DIGITS.test(value.digits) ? `="${value.digits}"` : csvField(value.digits);
  }
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One line of cells with its CRLF end.
 * @example csvLine(['الاسم', 5, null]) // 'الاسم,5,\r\n'
 */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * A whole file's text: the BOM, the header line and one line a row.
 * @example csvDocument(['الرقم'], [[1], [2]]) // '\uFEFFالرقم\r\n1\r\n2\r\n'
 */
export function csvDocument(
  header: readonly string[],
  rows: Iterable<readonly CsvValue[]>,
): string {
  let text = CSV_BOM + csvLine(header);
  for (const row of rows) text += csvLine(row);
  return text;
}

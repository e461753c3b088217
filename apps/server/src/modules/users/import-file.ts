import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { STUDENT_IMPORT_MESSAGES, STUDENT_IMPORT_MAX_ROWS, toLatinDigits } from '@dars/contract';
import { fieldError } from '../../lib/app-error';

// Reading a roster file (issue 28, ADR 052): an Excel workbook's first sheet, or CSV text as
// Excel and Google Sheets save it (UTF-8 with or without a BOM, or the Arabic Windows code page
// Excel uses for «CSV» on an Arabic Windows; commas, semicolons or tabs). Every cell comes back
// as text: a number Excel stored for a phone (1012345678, its leading 0 lost) is written out in
// full, never in exponent form.

const M = STUDENT_IMPORT_MESSAGES;
const FIELD = 'file';

/** A sheet as text: the header line, then the rows (each as long as the header). */
export interface SheetText {
  headers: string[];
  rows: string[][];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** An old binary Excel file (.xls): not read; the message asks for .xlsx or CSV. */
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** Text of one cell, trimmed; numbers in full (no exponent), dates as YYYY-MM-DD. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return BigInt(value).toString();
    return String(value);
  }
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = String(value).trim();
  // What our exports write so a spreadsheet keeps a cell as text (ui/csv.ts): ="0100…" for a
  // phone, a leading ' before text that starts like a formula.
  const digits = /^="(\d+)"$/.exec(text);
  if (digits) return digits[1]!;
  if (/^'[=+\-@]/.test(text)) return text.slice(1);
  return text;
}

/** UTF-8 when the bytes are; else Windows-1256 (Arabic), as Excel saves «CSV» there. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1256').decode(bytes);
  }
}

/** The delimiter the header line uses most: comma, semicolon or tab. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function readCsv(bytes: Buffer): string[][] {
  const text = decodeText(bytes);
  try {
    return parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      // Our own exports write a phone as ="0100…" (so Excel keeps its 0): quotes inside a cell.
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
      trim: true,
    }) as string[][];
  } catch {
    throw fieldError(FIELD, M.fileUnreadable);
  }
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  try {
    const rows = await readSheet(bytes);
    return rows.map((row) => row.map(cellText));
  } catch {
    throw fieldError(FIELD, M.fileUnreadable);
  }
}

/**
 * The file's first sheet as text: the first non-empty line is the header. Blank lines are
 * dropped; a file with no row under its header, or over STUDENT_IMPORT_MAX_ROWS rows, is a 422
 * on the file.
 */
export async function readRoster(bytes: Buffer): Promise<SheetText & { lines: number[] }> {
  if (bytes.subarray(0, 4).equals(OLE_MAGIC)) throw fieldError(FIELD, M.fileType);
  const isXlsx = bytes.subarray(0, 4).equals(ZIP_MAGIC);
  if (!isXlsx && bytes.includes(0)) throw fieldError(FIELD, M.fileType);
  const all = isXlsx ? await readXlsx(bytes) : readCsv(bytes);
  // Line numbers as the school sees them in Excel: 1-based, blank lines counted.
  const numbered = all
    .map((cells, index) => ({ cells: cells.map(cellText), line: index + 1 }))
    .filter((r) => r.cells.some((c) => c !== ''));
  const [header, ...body] = numbered;
  if (!header || body.length === 0) throw fieldError(FIELD, M.fileEmpty);
  if (body.length > STUDENT_IMPORT_MAX_ROWS) throw fieldError(FIELD, M.tooManyRows);
  const width = header.cells.length;
  return {
    headers: header.cells,
    rows: body.map((r) => Array.from({ length: width }, (_, i) => r.cells[i] ?? '')),
    lines: body.map((r) => r.line),
  };
}

/**
 * A header as the columns' names are compared: lower case, Latin digits, no diacritics or
 * tatweel, one form of alef, ta marbuta as ha, alef maqsura as ya, a unit in brackets dropped,
 * single spaces.
 * @example headerKey('الرصيد (جنيه)') === headerKey('الرصيد')
 */
export function headerKey(text: string): string {
  return toLatinDigits(text)
    .toLowerCase()
    .replace(/[\u064B-\u0652\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[([{].*?[)\]}]/g, '')
    .replace(/[_\-:.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

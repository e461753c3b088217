import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { CSV_BOM, csvLine, type CsvValue } from '@dars/ui/csv';

/** One column of an export: its Arabic header and how a row fills its cell. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/** Rows per database page: a big list is never held whole in memory. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * The text of an export, chunk by chunk: the BOM and header first, then each page of rows as
 * it is read (`page` numbers from 1, as the lists' own paging). Stops at the first page shorter
 * than `pageSize`.
 * @example Readable.from(csvChunks(columns, (page, size) => listPage(page, size)))
 */
export async function* csvChunks<Row>(
  columns: readonly CsvColumn<Row>[],
  readPage: (page: number, pageSize: number) => Promise<readonly Row[]>,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(columns.map((c) => c.header));
  for (let page = 1; ; page += 1) {
    const rows = await readPage(page, pageSize);
    if (rows.length > 0) {
      yield rows.map((row) => csvLine(columns.map((c) => c.value(row)))).join('');
    }
    if (rows.length < pageSize) return;
  }
}

/**
 * Sends an export as a download streamed page by page. The first page is read before the
 * answer starts, so a query that fails at once is still a JSON error, not a cut file.
 * @example return sendCsv(reply, 'students.csv', csvChunks(STUDENT_COLUMNS, readStudents))
 */
export async function sendCsv(
  reply: FastifyReply,
  fileName: string,
  chunks: AsyncGenerator<string>,
): Promise<FastifyReply> {
  const header = await chunks.next();
  const first = await chunks.next();
  async function* rest(): AsyncGenerator<Buffer> {
    if (!header.done) yield Buffer.from(header.value, 'utf8');
    if (first.done) return;
    yield Buffer.from(first.value, 'utf8');
    for await (const chunk of chunks) yield Buffer.from(chunk, 'utf8');
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(Readable.from(rest()));
}

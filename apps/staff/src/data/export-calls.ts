import { fillPath, type endpoints } from '@dars/contract';
import { fetchStaffResponse, saveBlob } from './daily-calls';
import { listQuery } from './data-provider';

/**
 * The server's CSV exports (ADR 034): the whole filtered list, made by the server page by page,
 * fetched with the staff token and saved under the name the server gives it.
 */

/** The contract's export calls (their path ends in `.csv`). */
export type ExportEndpoint =
  | typeof endpoints.staffExportStudents
  | typeof endpoints.staffExportCourses
  | typeof endpoints.staffExportPurchases
  | typeof endpoints.staffExportPaymentOrders
  | typeof endpoints.staffExportTransactions
  | typeof endpoints.staffExportExamResults;

const FILE_NAME = /filename="([^"]+)"/;

/**
 * Downloads an export with the list's filters and sort (never its page: the file is the whole
 * list), and answers the file's name. `params` fills a path's `:id`.
 * @example await downloadExport(endpoints.staffExportStudents, { q: 'سارة' }, { field: 'id', order: 'DESC' })
 */
export async function downloadExport(
  endpoint: ExportEndpoint,
  filter: Record<string, unknown>,
  sort?: { field: string; order: string },
  params?: Record<string, string | number>,
): Promise<string> {
  const path = params ? fillPath(endpoint.path, params) : endpoint.path;
  // A call without a query (an exam's results) takes none of the list's filters.
  const query = 'query' in endpoint ? listQuery(undefined, sort, filter) : '';
  const res = await fetchStaffResponse(query ? `${path}?${query}` : path);
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = FILE_NAME.exec(disposition)?.[1] ?? path.split('/').pop()!;
  saveBlob(blob, name);
  return name;
}

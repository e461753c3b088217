import { staffEndpoints } from '@dars/contract';
import { saveBlob } from './daily-calls';
import { listQuery } from './data-provider';
import { sendStaff, sendStaffEntry } from './http';

/**
 * The server's CSV exports (ADR 034): the whole filtered list, made by the server page by page,
 * fetched with the staff token and saved under the name the server gives it.
 */

/** The contract's export calls of a list (their path ends in `.csv`). */
export type ListExportEndpoint =
  | typeof staffEndpoints.staffExportStudents
  | typeof staffEndpoints.staffExportCourses
  | typeof staffEndpoints.staffExportPurchases
  | typeof staffEndpoints.staffExportPaymentOrders
  | typeof staffEndpoints.staffExportTransactions;
/** An exam's own file: its results or its item analysis (each takes the exam's id). */
type ExamExportEndpoint =
  | typeof staffEndpoints.staffExportExamResults
  | typeof staffEndpoints.staffExportItemAnalysis;
/** Every export call: a list's, or an exam's own file. */
export type ExportEndpoint = ListExportEndpoint | ExamExportEndpoint;

const FILE_NAME = /filename="([^"]+)"/;

/** Saves an export's answer under the name the server gives it, and answers that name. */
async function save(response: Response, fallback: string): Promise<string> {
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = FILE_NAME.exec(disposition)?.[1] ?? fallback;
  saveBlob(blob, name);
  return name;
}

const lastSegment = (path: string) => path.split('/').pop()!;

/**
 * Downloads an export with the list's filters and sort (never its page: the file is the whole
 * list), or an exam's results (`params.id`; they take no filters), and answers the file's name.
 * @example await downloadExport(staffEndpoints.staffExportStudents, { q: 'سارة' }, { field: 'id', order: 'DESC' })
 */
export async function downloadExport(
  endpoint: ExportEndpoint,
  filter: Record<string, unknown>,
  sort?: { field: string; order: string },
  params?: { id: string | number },
): Promise<string> {
  if (
    endpoint === staffEndpoints.staffExportExamResults ||
    endpoint === staffEndpoints.staffExportItemAnalysis
  ) {
    if (!params) throw new Error('An exam export needs the exam id');
    const response = await sendStaff(endpoint, { params });
    return save(response, lastSegment(endpoint.path));
  }
  const response = await sendStaffEntry(endpoint, { query: listQuery(undefined, sort, filter) });
  return save(response, lastSegment(endpoint.path));
}

/**
 * Downloads a teacher's statement of a Cairo month (ADR 048) and answers the file's name.
 * @example await downloadTeacherStatement(4, '2026-11')
 */
export async function downloadTeacherStatement(id: number, month: string): Promise<string> {
  const response = await sendStaff(staffEndpoints.staffExportTeacherStatement, {
    params: { id },
    query: { month },
  });
  return save(response, `teacher-${id}-statement-${month}.csv`);
}

/**
 * Downloads a teacher's students (ADR 048) with the list's search and course, and answers the
 * file's name.
 * @example await downloadTeacherStudents(4, { q: 'منى' })
 */
export async function downloadTeacherStudents(
  id: number,
  filter: { q?: string; course_id?: number },
): Promise<string> {
  const response = await sendStaff(staffEndpoints.staffExportTeacherStudents, {
    params: { id },
    query: listQuery(undefined, undefined, filter),
  });
  return save(response, `teacher-${id}-students.csv`);
}

/**
 * Downloads a course's progress report (issue 28, ADR 054) with the report's lecture, status,
 * grade and search and its order (never its page: the file is the whole report), and answers
 * the file's name.
 * @example await downloadCourseProgress(7, { lecture_id: 12, status: 'not_watched' })
 */
export async function downloadCourseProgress(
  id: number,
  filter: Record<string, unknown>,
  sort?: { field: string; order: string },
): Promise<string> {
  const response = await sendStaff(staffEndpoints.staffExportCourseProgress, {
    params: { id },
    query: listQuery(undefined, sort, filter),
  });
  return save(response, `course-${id}-progress.csv`);
}

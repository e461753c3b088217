import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { endpoints, type StaffListQuery } from '@dars/contract';
import { formatSheetDateTime } from '@dars/ui/format';
import type { AppContext } from '../../app-context';
import { csvChunks, sendCsv, type CsvColumn } from '../../lib/csv-export';
import { serve } from '../../plugins/endpoint';
import { listCourses } from '../courses/course-admin';
import { listExamSessions } from '../exams/exam-results-admin';
import { itemAnalysis } from '../exams/item-analysis';
import {
  COURSE_COLUMNS,
  EXAM_RESULT_COLUMNS,
  ITEM_ANALYSIS_COLUMNS,
  PAYMENT_ORDER_COLUMNS,
  PURCHASE_COLUMNS,
  STUDENT_COLUMNS,
  TRANSACTION_COLUMNS,
} from '../reports/export-columns';
import { listTransactions } from '../wallet/ledger-admin';
import { listPaymentOrders } from '../payments/payment-admin';
import { listPurchases } from '../purchases/purchase-admin';
import { notFound } from './staff-core';
import { listStudents } from '../users/student-admin';
import { teacherScopeOf } from '../../db/teacher-scope';

/** The export calls that mirror a list (their query is the list's). */
type ExportDef =
  | typeof endpoints.staffExportStudents
  | typeof endpoints.staffExportCourses
  | typeof endpoints.staffExportPurchases
  | typeof endpoints.staffExportPaymentOrders
  | typeof endpoints.staffExportTransactions;

/** Today in Cairo, for a file's name: `students-2026-11-28.csv`. */
function fileName(what: string): string {
  return `${what}-${formatSheetDateTime(new Date()).slice(0, 10)}.csv`;
}

/**
 * The rows of a list, page by page, with the export's query: the list's own filters and sort,
 * so the file holds exactly the filtered list, whole.
 */
function pagesOf<Q extends StaffListQuery, Row>(
  list: (query: Q) => Promise<{ data: Row[] }>,
  query: Q,
) {
  return async (page: number, perPage: number) =>
    (await list({ ...query, page, per_page: perPage })).data;
}

/**
 * One export route: its list's rows, page by page, through its columns, as a download named
 * for what it holds and today.
 */
function serveExport<E extends ExportDef, Row>(
  app: FastifyInstance,
  def: E,
  what: string,
  columns: readonly CsvColumn<Row>[],
  list: (query: z.output<E['query']>, request: FastifyRequest) => Promise<{ data: Row[] }>,
): void {
  serve(app, def, async (request, reply) => {
    const query = request.query as z.output<E['query']>;
    const rows = (q: z.output<E['query']>) => list(q, request);
    return sendCsv(reply, fileName(what), csvChunks(columns, pagesOf(rows, query)));
  });
}

/**
 * The exports (issue 23, ADR 034) and the school-wide purchases and ledger lists they mirror.
 * Each route's role comes from its contract entry, the same as its list's.
 */
export function serveExports(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const e = endpoints;

  serve(app, e.staffListPurchases, async (request) => listPurchases(db, request.query));
  serve(app, e.staffListTransactions, async (request) => listTransactions(db, request.query));

  serveExport(app, e.staffExportStudents, 'students', STUDENT_COLUMNS, (q) => listStudents(db, q));
  serveExport(app, e.staffExportCourses, 'courses', COURSE_COLUMNS, async (q, request) =>
    listCourses(db, q, await teacherScopeOf(db, request)),
  );
  serveExport(app, e.staffExportPurchases, 'purchases', PURCHASE_COLUMNS, (q) =>
    listPurchases(db, q),
  );
  serveExport(app, e.staffExportPaymentOrders, 'payment-orders', PAYMENT_ORDER_COLUMNS, (q) =>
    listPaymentOrders(db, q),
  );
  serveExport(app, e.staffExportTransactions, 'wallet-transactions', TRANSACTION_COLUMNS, (q) =>
    listTransactions(db, q),
  );

  // An exam's finished sessions, oldest first; 404 when the exam does not exist.
  serve(app, e.staffExportExamResults, async (request, reply) => {
    const examId = request.params.id;
    const exam = await db
      .selectFrom('exams')
      .select('id')
      .where('id', '=', examId)
      .executeTakeFirst();
    if (!exam) throw notFound();
    const query = {
      exam_id: examId,
      state: 'finished' as const,
      q: undefined,
      page: 1,
      per_page: 1,
      order: 'asc' as const,
    };
    return sendCsv(
      reply,
      `exam-${examId}-results.csv`,
      csvChunks(
        EXAM_RESULT_COLUMNS,
        pagesOf((q) => listExamSessions(db, q), query),
      ),
    );
  });

  // An exam's item analysis (ADR 043), a question a row; 404 when the exam does not exist.
  serve(app, e.staffExportItemAnalysis, async (request, reply) => {
    const analysis = await itemAnalysis(db, request.params.id);
    if (!analysis) throw notFound();
    const rows = analysis.questions.map((q, i) => ({ ...q, n: i + 1 }));
    return sendCsv(
      reply,
      `exam-${analysis.exam.id}-item-analysis.csv`,
      csvChunks(ITEM_ANALYSIS_COLUMNS, async (page) => (page === 1 ? rows : [])),
    );
  });
}

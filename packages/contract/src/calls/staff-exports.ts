import { z } from '../zod';
import { PAY_BY_LABELS, TRANSACTION_TYPE_LABELS } from '../code-labels';
import { staffListQuery, staffListResponse, type StaffRole } from './staff';
import { staffCourseListQuerySchema } from './staff-courses';
import { staffFilterId, staffLenientTime, staffPaymentOrderListQuerySchema } from './staff-money';
import {
  staffStudentListQuerySchema,
  staffStudentPurchaseSchema,
  staffStudentTransactionSchema,
} from './staff-people';

/**
 * Exports a school opens in Excel (issue 23, ADR 034): each list's whole filtered result as
 * CSV (UTF-8 with a BOM, Arabic header and words, Cairo times), made by the server page by
 * page. An export takes its list's query (the paging is ignored) and its list's role, so what a
 * leader cannot list a leader cannot export. Also the two school-wide money lists the purchases
 * and ledger exports mirror (admins: money is the admin's, ADR 030).
 */

const student = z.object({ id: z.number().int(), name: z.string(), phone: z.string() });

/** A lecture purchase (or grant) of any student. */
export const staffPurchaseSchema = staffStudentPurchaseSchema.extend({ student });
export type StaffPurchase = z.infer<typeof staffPurchaseSchema>;

/** A ledger row of any student. */
export const staffTransactionSchema = staffStudentTransactionSchema.extend({ student });
export type StaffTransaction = z.infer<typeof staffTransactionSchema>;

const PAY_BY_CODES = Object.keys(PAY_BY_LABELS) as [keyof typeof PAY_BY_LABELS];
const TRANSACTION_CODES = Object.keys(TRANSACTION_TYPE_LABELS) as [
  keyof typeof TRANSACTION_TYPE_LABELS,
];

/** `?student_id&course_id&pay_by&from&to&q` (q: the student's name or phone, or the lecture). */
export const staffPurchaseListQuerySchema = staffListQuery({
  student_id: staffFilterId(),
  course_id: staffFilterId(),
  pay_by: z.enum(PAY_BY_CODES).optional().catch(undefined),
  from: staffLenientTime,
  to: staffLenientTime,
});

/** `?student_id&type&from&to&q` (q: the serial, or the student's name or phone). */
export const staffTransactionListQuerySchema = staffListQuery({
  student_id: staffFilterId(),
  type: z.enum(TRANSACTION_CODES).optional().catch(undefined),
  from: staffLenientTime,
  to: staffLenientTime,
});

const csvExport = <Q extends z.ZodType>(path: `/staff/${string}.csv`, query: Q, staff: StaffRole) =>
  ({ method: 'GET', path, auth: 'required', staff, query, file: 'text/csv' }) as const;

/** The calls of this file; `staffEndpoints` spreads them. */
export const staffExportEndpoints = {
  staffListPurchases: {
    method: 'GET',
    path: '/staff/purchases',
    auth: 'required',
    staff: 'admin',
    query: staffPurchaseListQuerySchema,
    response: staffListResponse(staffPurchaseSchema),
  },
  staffListTransactions: {
    method: 'GET',
    path: '/staff/transactions',
    auth: 'required',
    staff: 'admin',
    query: staffTransactionListQuerySchema,
    response: staffListResponse(staffTransactionSchema),
  },
  // Leaders list students and courses (ADR 022, 029), so they export them.
  staffExportStudents: csvExport('/staff/students.csv', staffStudentListQuerySchema, 'leader'),
  // A teacher's login exports their own courses (ADR 048).
  staffExportCourses: {
    ...csvExport('/staff/courses.csv', staffCourseListQuerySchema, 'leader'),
    teacher: true,
  },
  // Money lists are the admin's (ADR 030).
  staffExportPurchases: csvExport('/staff/purchases.csv', staffPurchaseListQuerySchema, 'admin'),
  staffExportPaymentOrders: csvExport(
    '/staff/payment-orders.csv',
    staffPaymentOrderListQuerySchema,
    'admin',
  ),
  staffExportTransactions: csvExport(
    '/staff/transactions.csv',
    staffTransactionListQuerySchema,
    'admin',
  ),
} as const;

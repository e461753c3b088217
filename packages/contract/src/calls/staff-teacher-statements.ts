import { z } from '../zod';
import { idParamsSchema } from './courses';
import { staffOneResponse } from './staff';
import { SALE_METHODS } from './staff-money';

/**
 * A teacher's monthly statement (issue 27, ADR 048): what their courses sold in one Cairo month,
 * by course, lecture (none: the whole course) and how it was paid, with the teacher's share of
 * each line. The admin reads any teacher's; a teacher's login only their own (another's is 404).
 */

/** `?month=2026-11` (a Cairo month); none: the current one. */
export const staffTeacherStatementQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'اختر الشهر بصيغة سنة-شهر، مثل 2026-11' })
    .optional(),
});

const person = z.object({ id: z.number().int(), name: z.string() });

export const staffTeacherStatementLineSchema = z.object({
  /**
   * 'sale': sales made in the month (refunded later or not); 'refund': what was given back in
   * the month (ADR 050), whenever it was sold, its amount and share negative.
   */
  kind: z.enum(['sale', 'refund']),
  course: person,
  /** null: the whole course was sold (enrolment), not one lecture. */
  lecture: person.nullable(),
  method: z.enum(SALE_METHODS),
  /** How many sales (or refunds). */
  count: z.number().int(),
  /** What they took, pounds (0 for free lectures and grants without cash); negative: given back. */
  amount: z.number(),
  /** The teacher's share of this course, whole percent. */
  share_percent: z.number().int(),
  /** The teacher's share of the amount, pounds, rounded to the piaster. */
  share: z.number(),
});
export type StaffTeacherStatementLine = z.infer<typeof staffTeacherStatementLineSchema>;

export const staffTeacherStatementSchema = z.object({
  teacher: person.extend({ revenue_share_percent: z.number().int() }),
  /** `2026-11`. */
  month: z.string(),
  lines: z.array(staffTeacherStatementLineSchema),
  /**
   * `count`: the sales; `amount` and `share`: the sales less the refunds; `refunds`: what was
   * given back in the month, pounds.
   */
  totals: z.object({
    count: z.number().int(),
    amount: z.number(),
    share: z.number(),
    refunds: z.number(),
  }),
});
export type StaffTeacherStatement = z.infer<typeof staffTeacherStatementSchema>;

/** The calls of this file; `staffEndpoints` spreads them. Money: the admin's and the teacher's. */
export const staffTeacherStatementEndpoints = {
  staffGetTeacherStatement: {
    method: 'GET',
    path: '/staff/teachers/:id/statement',
    auth: 'required',
    staff: 'admin',
    teacher: true,
    params: idParamsSchema,
    query: staffTeacherStatementQuerySchema,
    response: staffOneResponse(staffTeacherStatementSchema),
    errors: ['NOT_FOUND'],
  },
  staffExportTeacherStatement: {
    method: 'GET',
    path: '/staff/teachers/:id/statement.csv',
    auth: 'required',
    staff: 'admin',
    teacher: true,
    params: idParamsSchema,
    query: staffTeacherStatementQuerySchema,
    file: 'text/csv',
    errors: ['NOT_FOUND'],
  },
} as const;

import type { z } from 'zod';
import {
  fillPath,
  staffPeopleEndpoints,
  type staffGrantBodySchema,
  type staffGrantResponseSchema,
  type StaffStudentDetail,
} from '@dars/contract';
import { apiFetch } from './http';

/**
 * The students and messages calls that are not react-admin's CRUD (issue 13, ADR 029): a
 * student's account actions, balance adjustments (ADR 025), messages and the announcement.
 * A refusal throws react-admin's HttpError with the server's Arabic message (and field errors).
 */

type One<T> = { data: T };

export const peopleCalls = {
  resetPassword(studentId: number) {
    return apiFetch<One<{ message: string }>>(`/staff/students/${studentId}/password-reset`, {
      method: 'POST',
      body: {},
    });
  },
  block(studentId: number, reason: string) {
    return apiFetch<One<StaffStudentDetail>>(`/staff/students/${studentId}/block`, {
      method: 'POST',
      body: reason.trim() ? { reason } : {},
    });
  },
  unblock(studentId: number) {
    return apiFetch<One<StaffStudentDetail>>(`/staff/students/${studentId}/unblock`, {
      method: 'POST',
      body: {},
    });
  },
  /** A course or lecture given to the student; `cash_amount` is cash paid at the centre (ADR 033). */
  grant(studentId: number, body: z.input<typeof staffGrantBodySchema>) {
    const call = staffPeopleEndpoints.staffGrantStudent;
    return apiFetch<z.output<typeof staffGrantResponseSchema>>(
      fillPath(call.path, { id: studentId }),
      { method: call.method, body },
    );
  },
  adjustBalance(studentId: number, body: { amount: number; comment: string }) {
    return apiFetch<One<{ balance: number }>>(`/staff/students/${studentId}/balance`, {
      method: 'POST',
      body,
    });
  },
  sendMessage(body: Record<string, unknown>) {
    return apiFetch<One<{ sent: number }>>('/staff/messages', { method: 'POST', body });
  },
  announcement(signal?: AbortSignal) {
    return apiFetch<One<{ general_announcement: string | null }>>('/staff/announcement', {
      signal,
    });
  },
  putAnnouncement(text: string) {
    return apiFetch<One<{ general_announcement: string | null }>>('/staff/announcement', {
      method: 'PUT',
      body: { general_announcement: text },
    });
  },
};

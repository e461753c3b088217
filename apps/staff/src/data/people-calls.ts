import type { StaffStudentDetail } from '@dars/contract';
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
  grant(studentId: number, body: { course_id?: number; lecture_id?: number; comment?: string }) {
    return apiFetch<One<{ course_id: number; lecture_ids: number[] }>>(
      `/staff/students/${studentId}/grants`,
      { method: 'POST', body },
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

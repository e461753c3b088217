import type { z } from 'zod';
import { staffEndpoints as e } from '@dars/contract';
import { callStaff } from './http';

/**
 * The students and messages calls that are not react-admin's CRUD (issue 13, ADR 029): a
 * student's account actions, balance adjustments (ADR 025), messages and the announcement.
 * A refusal throws react-admin's HttpError with the server's Arabic message (and field errors).
 */
export const peopleCalls = {
  resetPassword(studentId: number) {
    return callStaff(e.staffResetStudentPassword, { params: { id: studentId } });
  },
  block(studentId: number, reason: string) {
    return callStaff(e.staffBlockStudent, {
      params: { id: studentId },
      body: reason.trim() ? { reason } : {},
    });
  },
  unblock(studentId: number) {
    return callStaff(e.staffUnblockStudent, { params: { id: studentId } });
  },
  /** A course or lecture given to the student; `cash_amount` is cash paid at the centre (ADR 033). */
  grant(studentId: number, body: z.input<typeof e.staffGrantStudent.body>) {
    return callStaff(e.staffGrantStudent, { params: { id: studentId }, body });
  },
  /** A sale given back, whole or part, to the wallet or in cash (ADR 050). */
  refund(studentId: number, body: z.input<typeof e.staffRefundSale.body>) {
    return callStaff(e.staffRefundSale, { params: { id: studentId }, body });
  },
  adjustBalance(studentId: number, body: z.input<typeof e.staffAdjustBalance.body>) {
    return callStaff(e.staffAdjustBalance, { params: { id: studentId }, body });
  },
  sendMessage(body: z.input<typeof e.staffSendMessage.body>) {
    return callStaff(e.staffSendMessage, { body });
  },
  announcement(signal?: AbortSignal) {
    return callStaff(e.staffGetAnnouncement, { signal });
  },
  putAnnouncement(text: string) {
    return callStaff(e.staffPutAnnouncement, { body: { general_announcement: text } });
  },
  /** A student added by hand (ADR 052), with the set-password link made for them. */
  createStudent(body: z.input<typeof e.staffCreateStudent.body>) {
    return callStaff(e.staffCreateStudent, { body });
  },
  updateStudent(studentId: number, body: z.input<typeof e.staffUpdateStudent.body>) {
    return callStaff(e.staffUpdateStudent, { params: { id: studentId }, body });
  },
  /** A new set-password link (earlier unused ones stop working), mailed when there is an e-mail. */
  inviteStudent(studentId: number) {
    return callStaff(e.staffInviteStudent, { params: { id: studentId } });
  },
  /**
   * A roster file checked (`dryRun`) or imported: every valid row, or none while any row has a
   * problem unless `skipInvalid`. The text fields go before the file, as the server reads them.
   */
  importStudents(
    file: File,
    options: { dryRun: boolean; skipInvalid: boolean },
    signal?: AbortSignal,
  ) {
    const form = new FormData();
    form.append('dry_run', options.dryRun ? '1' : '0');
    form.append('skip_invalid', options.skipInvalid ? '1' : '0');
    form.append('file', file, file.name);
    return callStaff(e.staffImportStudents, { body: form, signal });
  },
};

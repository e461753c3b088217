import { staffEndpoints as e } from '@dars/contract';
import { callStaff, sendStaff } from './http';

/**
 * The daily-work calls that are not react-admin's CRUD (issue 13, ADR 031): replies, close and
 * reopen of support tickets, recharge decisions, marking, and a recharge's receipt image, which
 * needs the bearer token (an `<img>` cannot send it).
 */
export const dailyCalls = {
  reply(ticketId: number, content: string, close: boolean) {
    return callStaff(e.staffReplySupportTicket, {
      params: { id: ticketId },
      body: close ? { content, close: true } : { content },
    });
  },
  setTicketOpen(ticketId: number, open: boolean) {
    return callStaff(open ? e.staffReopenSupportTicket : e.staffCloseSupportTicket, {
      params: { id: ticketId },
    });
  },
  /** Credits `amount` pounds (the claim or another, with a note when it differs). */
  approve(paymentId: number, body: { amount: number; note?: string }) {
    return callStaff(e.staffApproveMobilePayment, { params: { id: paymentId }, body });
  },
  reject(paymentId: number, reason: string) {
    return callStaff(e.staffRejectMobilePayment, { params: { id: paymentId }, body: { reason } });
  },
  mark(answerId: number, mark: number, comment: string | null) {
    return callStaff(e.staffMarkAnswer, {
      params: { id: answerId },
      body: comment ? { mark, comment } : { mark },
    });
  },
  /** A recharge's receipt image, as a Blob. */
  async receipt(paymentId: number, signal?: AbortSignal): Promise<Blob> {
    const response = await sendStaff(e.staffGetMobilePaymentReceipt, {
      params: { id: paymentId },
      signal,
    });
    return response.blob();
  },
};

/** Saves a Blob as a file the browser downloads (an export). */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

import { HttpError } from 'react-admin';
import type {
  StaffMarkingItem,
  StaffMobilePayment,
  StaffSupportTicketDetail,
} from '@dars/contract';
import { API_BASE, apiFetch } from './http';
import { session } from './token';

/**
 * The daily-work calls that are not react-admin's CRUD (issue 13, ADR 031): replies, close and
 * reopen of support tickets, recharge decisions, marking, and the two files that need the
 * bearer token (a receipt image, the results CSV), which an `<img>` or a link cannot send.
 */

type One<T> = { data: T };

export const dailyCalls = {
  reply(ticketId: number, content: string, close: boolean) {
    return apiFetch<One<StaffSupportTicketDetail>>(`/staff/support-tickets/${ticketId}/replies`, {
      method: 'POST',
      body: close ? { content, close: true } : { content },
    });
  },
  setTicketOpen(ticketId: number, open: boolean) {
    return apiFetch<One<StaffSupportTicketDetail>>(
      `/staff/support-tickets/${ticketId}/${open ? 'reopen' : 'close'}`,
      { method: 'POST' },
    );
  },
  /** Credits `amount` pounds (the claim or another, with a note when it differs). */
  approve(paymentId: number, body: { amount: number; note?: string }) {
    return apiFetch<One<StaffMobilePayment>>(`/staff/mobile-payments/${paymentId}/approve`, {
      method: 'POST',
      body,
    });
  },
  reject(paymentId: number, reason: string) {
    return apiFetch<One<StaffMobilePayment>>(`/staff/mobile-payments/${paymentId}/reject`, {
      method: 'POST',
      body: { reason },
    });
  },
  mark(answerId: number, mark: number, comment: string | null) {
    return apiFetch<
      One<
        StaffMarkingItem & {
          result: {
            correction_mark: number | null;
            total_mark: number;
            succeeded: boolean;
            corrected: boolean;
          };
        }
      >
    >(`/staff/marking/${answerId}`, {
      method: 'POST',
      body: comment ? { mark, comment } : { mark },
    });
  },
};

/**
 * A file from the API with the staff token: the answer once it is a 2xx, else an HttpError
 * with the server's Arabic message. `url` is the API's own path (`/api/v1/staff/…`, as
 * `receipt_url` gives it) or a path below the API base.
 */
export async function fetchStaffResponse(url: string, signal?: AbortSignal): Promise<Response> {
  const token = session.token();
  const res = await fetch(url.startsWith(API_BASE) ? url : `${API_BASE}${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!res.ok) {
    let message = 'ra.notification.http_error';
    try {
      message = ((await res.json()) as { message?: string }).message || message;
    } catch {
      // Not JSON: the generic message.
    }
    throw new HttpError(message, res.status, {});
  }
  return res;
}

/** A file from the API with the staff token, as a Blob (a receipt image). */
export async function fetchStaffFile(url: string, signal?: AbortSignal): Promise<Blob> {
  return (await fetchStaffResponse(url, signal)).blob();
}

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

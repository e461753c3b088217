import {
  staffMoneyEndpoints,
  type StaffPaycardBatch,
  type StaffPaymentOrder,
  type StaffStats,
} from '@dars/contract';
import { apiFetch } from './http';

/**
 * The money calls that are not react-admin's CRUD (issue 13, ADR 030): issuing a batch (its
 * codes come back this once), disabling a batch, re-checking a gateway order, the dashboard.
 */

export type IssuedBatch = StaffPaycardBatch & { codes: string[] };
export type RecheckAnswer = {
  data: StaffPaymentOrder;
  meta: { result: 'credited' | 'already-paid' | 'pending' | 'not-paid'; message: string };
};

export const moneyCalls = {
  issueBatch(body: {
    value: number;
    count: number;
    course_id: number | null;
    lecture_id: number | null;
    expires_at: string | null;
  }) {
    return apiFetch<{ data: IssuedBatch }>('/staff/paycard-batches', { method: 'POST', body });
  },
  disableBatch(id: number) {
    return apiFetch<{ data: StaffPaycardBatch }>(`/staff/paycard-batches/${id}/disable`, {
      method: 'POST',
    });
  },
  recheck(orderId: string) {
    return apiFetch<RecheckAnswer>(`/staff/payment-orders/${orderId}/recheck`, {
      method: 'POST',
    });
  },
  stats(from: string, to: string, signal?: AbortSignal) {
    const query = new URLSearchParams({ from, to });
    return apiFetch<{ data: StaffStats }>(`${staffMoneyEndpoints.staffGetStats.path}?${query}`, {
      signal,
    });
  },
};

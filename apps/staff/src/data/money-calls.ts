import type { z } from 'zod';
import { staffEndpoints as e } from '@dars/contract';
import { callStaff } from './http';

/**
 * The money calls that are not react-admin's CRUD (issue 13, ADR 030): issuing a batch (its
 * codes come back this once), disabling a batch, re-checking a gateway order, the dashboard.
 */

export type IssuedBatch = z.output<typeof e.staffCreatePaycardBatch.response>['data'];
export type RecheckAnswer = z.output<typeof e.staffRecheckPaymentOrder.response>;

export const moneyCalls = {
  issueBatch(body: z.input<typeof e.staffCreatePaycardBatch.body>) {
    return callStaff(e.staffCreatePaycardBatch, { body });
  },
  disableBatch(id: number) {
    return callStaff(e.staffDisablePaycardBatch, { params: { id } });
  },
  recheck(orderId: string) {
    return callStaff(e.staffRecheckPaymentOrder, { params: { id: orderId } });
  },
  stats(from: string, to: string, signal?: AbortSignal) {
    return callStaff(e.staffGetStats, { query: { from, to }, signal });
  },
};

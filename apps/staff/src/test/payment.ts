import { API_BASE, staffEndpoints, type StaffMobilePayment, type StaffUser } from '@dars/contract';
import { answer, fakeStaffApi, pathOf, staffBasics, type Handler } from './fake-api';

/** A pending mobile-wallet recharge of 150 pounds, as staffGetMobilePayment answers it. */
export const PENDING_PAYMENT: StaffMobilePayment = {
  id: 4,
  student: { id: 40, name: 'منى علي', phone: '01011112222' },
  amount: 150,
  payer_number: '01233334444',
  message: 'من محفظة والدي',
  status: 'pending',
  reject_reason: null,
  reviewed_by: null,
  reviewed_at: null,
  transaction_serial: null,
  approved_amount: null,
  review_note: null,
  receipt_url: `${API_BASE}${pathOf(staffEndpoints.staffGetMobilePaymentReceipt, { id: 4 })}`,
  created_at: '2026-11-20T10:00:00.000Z',
};

/**
 * The fake API of {@link PENDING_PAYMENT}'s page as `user` opens it (the request and its
 * receipt), with `decision` answering the approval or the rejection.
 */
export function paymentApi(user: StaffUser, decision: Handler) {
  const id = { params: { id: PENDING_PAYMENT.id } };
  return fakeStaffApi([
    ...staffBasics(user),
    answer(staffEndpoints.staffGetMobilePayment, { data: PENDING_PAYMENT }, id),
    answer(staffEndpoints.staffGetMobilePaymentReceipt, {}, id),
    decision,
  ]);
}

import { API_BASE, staffEndpoints, type StaffMobilePayment } from '@dars/contract';
import { pathOf } from './fake-api';

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

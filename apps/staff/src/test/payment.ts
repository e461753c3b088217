import type { StaffMobilePayment } from '@dars/contract';

/** A pending mobile-wallet recharge of 150 pounds, as GET /staff/mobile-payments/4 answers. */
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
  receipt_url: '/api/v1/staff/mobile-payments/4/receipt',
  created_at: '2026-11-20T10:00:00.000Z',
};

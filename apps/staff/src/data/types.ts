/** 'admin' (groupId 1) may do everything; 'leader' (groupId 2) content and exams only. */
export type StaffRole = 'admin' | 'leader';

/** Screens only an admin opens (the server refuses a leader there too). */
export const ADMIN_ONLY_RESOURCES = [
  'settings',
  'accounts',
  'audit-log',
  'paycard-batches',
  'payment-orders',
  'purchases',
  'transactions',
] as const;

import { lazy } from 'react';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import PaymentsIcon from '@mui/icons-material/Payments';
import type { ResourceProps } from 'react-admin';

// Pay cards and gateway orders (issue 13, ADR 030), each its own chunk.
const PaycardBatchList = lazy(() =>
  import('./paycards').then((m) => ({ default: m.PaycardBatchList })),
);
const PaycardBatchCreate = lazy(() =>
  import('./paycards').then((m) => ({ default: m.PaycardBatchCreate })),
);
const PaymentOrderList = lazy(() =>
  import('./payment-orders').then((m) => ({ default: m.PaymentOrderList })),
);

/** Pay-card batches: the list and the issue form (admins only). */
export const paycardBatchesResource: ResourceProps = {
  name: 'paycard-batches',
  list: PaycardBatchList,
  create: PaycardBatchCreate,
  icon: CreditCardIcon,
};

/** Gateway orders and their re-check (admins only). */
export const paymentOrdersResource: ResourceProps = {
  name: 'payment-orders',
  list: PaymentOrderList,
  icon: PaymentsIcon,
};

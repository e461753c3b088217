import { lazy } from 'react';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
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
const PurchaseList = lazy(() => import('./purchases').then((m) => ({ default: m.PurchaseList })));
const TransactionList = lazy(() =>
  import('./transactions').then((m) => ({ default: m.TransactionList })),
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

/** Every student's lecture purchases and grants, for Excel (admins only, ADR 034). */
export const purchasesResource: ResourceProps = {
  name: 'purchases',
  list: PurchaseList,
  icon: ShoppingCartIcon,
};

/** Every student's wallet ledger, for Excel (admins only, ADR 034). */
export const transactionsResource: ResourceProps = {
  name: 'transactions',
  list: TransactionList,
  icon: ReceiptLongIcon,
};

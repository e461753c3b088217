import { lazyPage } from '../../components/lazy-page';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import type { ResourceProps } from 'react-admin';

// Pay cards and gateway orders (issue 13, ADR 030), each its own chunk.
const PaycardBatchList = lazyPage(() => import('./paycards'), 'PaycardBatchList');
const PaycardBatchCreate = lazyPage(() => import('./paycards'), 'PaycardBatchCreate');
const PaymentOrderList = lazyPage(() => import('./payment-orders'), 'PaymentOrderList');
const PurchaseList = lazyPage(() => import('./purchases'), 'PurchaseList');
const TransactionList = lazyPage(() => import('./transactions'), 'TransactionList');

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

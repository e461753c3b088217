import { lazyPage } from '../../components/lazy-page';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import type { ResourceProps } from 'react-admin';

// The banks' screens are their own chunk, like the exams' (ADR 026).
const BankList = lazyPage(() => import('./bank-list'), 'BankList');
const BankCreate = lazyPage(() => import('./bank-edit'), 'BankCreate');
const BankEdit = lazyPage(() => import('./bank-edit'), 'BankEdit');

/** Question banks (ADR 046), in the menu beside the exams; a bank's page lists its questions. */
export const questionBanksResource: ResourceProps = {
  name: 'question-banks',
  list: BankList,
  create: BankCreate,
  edit: BankEdit,
  icon: LibraryBooksIcon,
  recordRepresentation: 'name',
};

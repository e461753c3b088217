import { lazyPage } from '../../components/lazy-page';
import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';

// Students and messages (issue 13, ADR 029), each its own chunk like the daily screens.
const StudentList = lazyPage(() => import('./students'), 'StudentList');
const StudentShow = lazyPage(() => import('./students'), 'StudentShow');
const LazyMessages = lazyPage(() => import('./messages'), 'MessagesScreen');
const LazyStudentImport = lazyPage(() => import('./student-import'), 'StudentImportScreen');

/** Students: search list, then one student's page with tabs and an admin's actions. */
export const studentsResource: ResourceProps = {
  name: 'students',
  list: StudentList,
  show: StudentShow,
  icon: PeopleIcon,
  recordRepresentation: 'name',
};

/** The messages screen, a custom route (/messages). */
export function MessagesPage() {
  return <LazyMessages />;
}

/** Importing a roster of students (issue 28, ADR 052), a custom route (/students/import). */
export function StudentImportPage() {
  return <LazyStudentImport />;
}

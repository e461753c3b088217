import { TeachersPage } from '../../features/catalog/components/teachers-page';

export default function TeachersRoute() {
  return <TeachersPage />;
}

import { ConfirmPage } from '../../features/auth/components/confirm-page';

export default function ConfirmRoute() {
  return <ConfirmPage />;
}

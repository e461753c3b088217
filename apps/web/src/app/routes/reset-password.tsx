import { ResetPasswordPage } from '../../features/auth/components/reset-password-page';

export default function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}

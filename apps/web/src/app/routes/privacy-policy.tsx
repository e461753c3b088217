import { PrivacyPolicyPage } from '../../features/support/components/privacy-policy-page';

export default function PrivacyPolicyRoute() {
  return <PrivacyPolicyPage />;
}

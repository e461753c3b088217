import { InvitationPage } from '../../features/auth/components/invitation-page';

/** `/welcome#<token>`: a student the school added sets a password (ADR 052). */
export default function InvitationRoute() {
  return <InvitationPage />;
}

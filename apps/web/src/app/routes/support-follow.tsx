import { useParams } from 'react-router';
import { GuestFollowPage } from '../../features/support/components/guest-follow-page';
import { NotFoundScreen } from '../../features/shell/components/not-found-screen';

/** A guest's follow link: the token in the address opens the conversation (ADR 039). */
export default function SupportFollowRoute() {
  const token = useParams().token;
  if (!token) return <NotFoundScreen />;
  return <GuestFollowPage key={token} token={token} />;
}

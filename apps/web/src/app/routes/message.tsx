import { useParams } from 'react-router';
import { ConversationPage } from '../../features/support/components/conversation-page';
import { NotFoundScreen } from '../../features/shell/components/not-found-screen';
import { useSession } from '../../lib/session-context';
import { routeId } from '../route-id';
import { useRefreshUser } from '../use-refresh-user';

/**
 * One conversation of «رسائلي». Reading it reads its reply notifications on the server: the
 * user (the bell's list and count) is fetched again when that changed them.
 */
export default function MessageRoute() {
  const id = routeId(useParams().id);
  const { user } = useSession();
  const refreshUser = useRefreshUser();
  if (id === null) return <NotFoundScreen />;
  return (
    <ConversationPage
      key={id}
      ticketId={id}
      notificationsCount={user?.notifications_count ?? 0}
      onNotificationsRead={refreshUser}
    />
  );
}

import { MessagesPage } from '../../features/support/components/messages-page';

export default function MessagesRoute() {
  return <MessagesPage />;
}

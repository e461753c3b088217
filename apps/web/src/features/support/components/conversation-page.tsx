import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, Container } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { mirrorInRtl } from '../../../components/mirror-in-rtl';
import { tm } from '../../../i18n/ar-messages';
import {
  useMarkSupportTicketRead,
  useReplySupportTicket,
  useSupportTicket,
} from '../api/support-tickets';
import { ConversationView } from './conversation-view';
import { TicketLoadState } from './ticket-load-state';

/**
 * A student's conversation `/messages/:id` (issue 24, ADR 039). Once it has loaded, the ticket
 * is marked read, with its reply notifications; `onNotificationsRead` is told when that changed
 * the bell's count (the route refreshes the user). Someone else's ticket, or none, is the
 * server's Arabic 404 with a way back to «رسائلي».
 */
export function ConversationPage({
  ticketId,
  notificationsCount,
  onNotificationsRead,
}: {
  ticketId: number;
  /** The bell's count the session knows, to tell whether reading changed it. */
  notificationsCount: number;
  onNotificationsRead: () => void;
}) {
  const ticket = useSupportTicket(ticketId);
  const reply = useReplySupportTicket(ticketId);
  const markRead = useMarkSupportTicketRead(ticketId);
  const marked = useRef(false);
  const loaded = ticket.data !== undefined;
  const { mutate: mark } = markRead;

  useEffect(() => {
    if (!loaded || marked.current) return;
    marked.current = true;
    mark(undefined, {
      onSuccess: ({ notifications_count }) => {
        if (notifications_count !== notificationsCount) onNotificationsRead();
      },
    });
  }, [loaded, mark, notificationsCount, onNotificationsRead]);

  const back = (
    <Button
      component={RouterLink}
      to="/messages"
      startIcon={<ArrowBackIcon sx={mirrorInRtl} />}
      sx={{ alignSelf: 'flex-start' }}
    >
      {tm('conversation.back')}
    </Button>
  );

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      {ticket.data ? (
        <ConversationView
          ticket={ticket.data}
          send={(content) => reply.mutateAsync(content)}
          top={back}
          openNote={tm('conversation.open')}
        />
      ) : (
        <TicketLoadState
          error={ticket.isError ? ticket.error : null}
          retry={() => void ticket.refetch()}
          before={back}
        />
      )}
    </Container>
  );
}

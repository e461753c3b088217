import { Link as RouterLink } from 'react-router';
import { Button, Container, Typography } from '@mui/material';
import { t } from '../../../i18n/t';
import { tm } from '../../../i18n/ar-messages';
import { useGuestSupportTicket, useReplyGuestSupportTicket } from '../api/guest-support-ticket';
import { ConversationView } from './conversation-view';
import { TicketLoadState } from './ticket-load-state';

/**
 * A guest's conversation `/support/follow/:token` (issue 24, ADR 039): opened by the link the
 * guest was given when sending the ticket or in a reply's e-mail, without an account. A wrong
 * link, or too many wrong ones from this address, is the server's Arabic message.
 */
export function GuestFollowPage({ token }: { token: string }) {
  const ticket = useGuestSupportTicket(token);
  const reply = useReplyGuestSupportTicket(token);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      {ticket.data ? (
        <ConversationView
          ticket={ticket.data}
          send={(content) => reply.mutateAsync(content)}
          top={
            <Typography variant="body2" color="text.secondary">
              {tm('follow.lead')}
            </Typography>
          }
          openNote={tm('follow.open')}
        />
      ) : (
        <TicketLoadState
          error={ticket.isError ? ticket.error : null}
          retry={() => void ticket.refetch()}
          before={
            <Typography
              component="h1"
              variant="h4"
              sx={{ fontSize: { xs: '1.5rem', md: '1.9rem' } }}
            >
              {t('routes.supportFollow')}
            </Typography>
          }
          after={
            <Button
              component={RouterLink}
              to="/help"
              variant="outlined"
              sx={{ alignSelf: 'flex-start' }}
            >
              {tm('follow.toHelp')}
            </Button>
          }
        />
      )}
    </Container>
  );
}

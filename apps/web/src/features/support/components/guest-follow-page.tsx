import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { RetryAlert } from '../../../components/retry-alert';
import { serverMessage } from '../../../lib/form-errors';
import { t } from '../../../i18n/t';
import { tm } from '../../../i18n/ar-messages';
import { useGuestSupportTicket, useReplyGuestSupportTicket } from '../api/guest-support-ticket';
import { isRefusal } from '../lib/refusal';
import { ConversationView } from './conversation-view';

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
      ) : ticket.isError ? (
        <Stack spacing={2}>
          <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.5rem', md: '1.9rem' } }}>
            {t('routes.supportFollow')}
          </Typography>
          {isRefusal(ticket.error) ? (
            <Alert severity="warning">
              {serverMessage(ticket.error, tm('conversation.loadFailed'))}
            </Alert>
          ) : (
            <RetryAlert onRetry={() => void ticket.refetch()}>
              {tm('conversation.loadFailed')}
            </RetryAlert>
          )}
          <Button
            component={RouterLink}
            to="/help"
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
          >
            {tm('follow.toHelp')}
          </Button>
        </Stack>
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={tm('conversation.loading')} />
        </Box>
      )}
    </Container>
  );
}

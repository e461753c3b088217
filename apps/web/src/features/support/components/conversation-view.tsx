import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { GuestSupportConversation } from '@dars/contract';
import { tm } from '../../../i18n/ar-messages';
import { ConversationThread } from './conversation-thread';
import { ReplyBox } from './reply-box';
import { TicketStateChip } from './ticket-state-chip';

/**
 * One ticket's conversation, for a student or a guest: the title (the page's heading), the
 * reference (left to right, isolated), the state, a line on what happens next, the thread and
 * the reply box; a closed ticket says so instead of offering a box. `top` goes above (a way
 * back), `openNote` is what an open ticket's sender is told.
 */
export function ConversationView({
  ticket,
  send,
  top,
  openNote,
}: {
  ticket: GuestSupportConversation;
  send: (content: string) => Promise<unknown>;
  top?: ReactNode;
  openNote: string;
}) {
  const threadId = useId();
  const closed = ticket.state === 'closed';
  return (
    <Stack spacing={{ xs: 2, md: 2.5 }}>
      {top}
      <Stack spacing={1}>
        <Typography
          component="h1"
          variant="h4"
          sx={{ fontSize: { xs: '1.5rem', md: '1.9rem' }, overflowWrap: 'anywhere' }}
        >
          {ticket.title}
        </Typography>
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary">
            {tm('conversation.reference')}{' '}
            <bdi dir="ltr" style={{ fontWeight: 700 }}>
              {ticket.reference}
            </bdi>
          </Typography>
          <TicketStateChip state={ticket.state} />
        </Stack>
        {!closed && (
          <Typography variant="body2" color="text.secondary">
            {ticket.state === 'answered' ? tm('conversation.answered') : openNote}
          </Typography>
        )}
      </Stack>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby={threadId}
        sx={{ p: { xs: 1.5, md: 2.5 }, borderRadius: 3, bgcolor: 'grey.50' }}
      >
        <Typography id={threadId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {tm('conversation.thread')}
        </Typography>
        <ConversationThread thread={ticket} labelledBy={threadId} />
      </Paper>
      {closed ? (
        <Alert
          severity="info"
          icon={<LockOutlinedIcon />}
          action={
            <Button component={RouterLink} to="/help" color="inherit" size="small">
              {tm('conversation.toHelp')}
            </Button>
          }
          sx={{ '& .MuiAlert-action': { alignItems: 'center' }, flexWrap: 'wrap' }}
        >
          {tm('conversation.closed')}
        </Alert>
      ) : (
        <ReplyBox send={send} />
      )}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { Alert, Box, CircularProgress, Stack } from '@mui/material';
import { RetryAlert } from '../../../components/retry-alert';
import { serverMessage } from '../../../lib/form-errors';
import { tm } from '../../../i18n/ar-messages';
import { isRefusal } from '../lib/refusal';

/**
 * What a conversation page shows until its ticket is there: a named spinner while it loads;
 * if it cannot load, why, between `before` and `after`. A refusal (no such ticket of theirs, a
 * wrong link) is the server's message as it is, since asking again would not change it;
 * anything else offers «حاول مرة أخرى».
 * @example <TicketLoadState error={ticket.isError ? ticket.error : null} retry={() => void ticket.refetch()} before={back} />
 */
export function TicketLoadState({
  error,
  retry,
  before,
  after,
}: {
  /** The load's error, or null while it is still loading. */
  error: unknown;
  retry: () => void;
  before?: ReactNode;
  after?: ReactNode;
}) {
  if (error === null || error === undefined) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={tm('conversation.loading')} />
      </Box>
    );
  }
  const message = serverMessage(error, tm('conversation.loadFailed'));
  return (
    <Stack spacing={2}>
      {before}
      {isRefusal(error) ? (
        <Alert severity="warning">{message}</Alert>
      ) : (
        <RetryAlert onRetry={retry}>{message}</RetryAlert>
      )}
      {after}
    </Stack>
  );
}

import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Link,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { supportConversationPath, type SupportTicketSummary } from '@dars/contract';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../i18n/t';
import { tm } from '../../../i18n/ar-messages';
import { useSupportTickets } from '../api/support-tickets';
import { LtrRuns } from '@dars/ui/ltr-runs';
import { TicketStateChip } from './ticket-state-chip';

/** Each ticket once, in the order the pages gave them (one may move while the student scrolls). */
function ticketsOf(pages: { data: SupportTicketSummary[] }[]): SupportTicketSummary[] {
  const seen = new Set<number>();
  return pages
    .flatMap((page) => page.data)
    .filter((ticket) => !seen.has(ticket.id) && Boolean(seen.add(ticket.id)));
}

function TicketRow({ ticket }: { ticket: SupportTicketSummary }) {
  return (
    <Card
      variant="outlined"
      sx={{
        position: 'relative',
        p: { xs: 1.5, md: 2 },
        borderRadius: 2,
        borderColor: ticket.unread ? 'primary.main' : 'divider',
        bgcolor: ticket.unread ? 'rgba(31,79,163,0.04)' : 'background.paper',
        '&:hover': { borderColor: 'primary.main' },
        '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Stack spacing={0.75}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            component="h2"
            sx={{
              fontWeight: ticket.unread ? 800 : 700,
              fontSize: '1.05rem',
              overflowWrap: 'anywhere',
              minWidth: 0,
              flex: '1 1 12rem',
            }}
          >
            {/* The whole card opens the conversation: the link's area is stretched over it. */}
            <Link
              component={RouterLink}
              to={supportConversationPath(ticket.id)}
              color="inherit"
              underline="hover"
              sx={{
                '&::after': { content: '""', position: 'absolute', inset: 0 },
                '&:focus-visible': { outline: 'none' },
              }}
            >
              {ticket.title}
              {ticket.unread && (
                <Box component="span" sx={visuallyHiddenText}>
                  {`، ${tm('list.unread')}`}
                </Box>
              )}
            </Link>
          </Typography>
          {ticket.unread && (
            <Box
              component="span"
              aria-hidden
              sx={{
                px: 1,
                py: 0.25,
                borderRadius: 5,
                bgcolor: 'secondary.main',
                color: 'secondary.contrastText',
                fontSize: '0.75rem',
                fontWeight: 700,
                flexShrink: 0,
              }}
            >
              {tm('list.unread')}
            </Box>
          )}
          <TicketStateChip state={ticket.state} />
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          dir="auto"
          sx={{
            overflowWrap: 'anywhere',
            textAlign: 'start',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          <LtrRuns text={ticket.preview} />
        </Typography>
        <Stack
          direction="row"
          sx={{ gap: 1.5, flexWrap: 'wrap', color: 'text.secondary', fontSize: '0.8125rem' }}
        >
          <span>
            {tm('list.reference')} <bdi dir="ltr">{ticket.reference}</bdi>
          </span>
          <span>
            {tm('list.lastActivity')}{' '}
            <time dateTime={ticket.last_activity_at}>
              {formatDateTime(ticket.last_activity_at)}
            </time>
          </span>
        </Stack>
      </Stack>
    </Card>
  );
}

/** Hidden from sight, read by screen readers. */
const visuallyHiddenText = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * «رسائلي» `/messages` (issue 24, ADR 039): the student's tickets, newest activity first, each
 * with its reference, title, the start of the newest message, its state and a mark when staff
 * replied since the student last opened it; more on demand.
 */
export function MessagesPage() {
  const tickets = useSupportTickets();
  const rows = tickets.data ? ticketsOf(tickets.data.pages) : [];
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2.5, md: 4 } }}>
      <Stack spacing={{ xs: 2, md: 3 }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap' }}
        >
          <Stack spacing={0.5}>
            <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}>
              {t('routes.messages')}
            </Typography>
            <Typography color="text.secondary">{tm('list.lead')}</Typography>
          </Stack>
          <Button component={RouterLink} to="/help" variant="outlined">
            {tm('list.newMessage')}
          </Button>
        </Stack>
        {!tickets.data ? (
          tickets.isError ? (
            <RetryAlert onRetry={() => void tickets.refetch()}>{tm('list.loadFailed')}</RetryAlert>
          ) : (
            <Stack role="status" aria-busy="true" aria-label={tm('list.loading')} spacing={1.5}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} variant="rounded" height={104} />
              ))}
            </Stack>
          )
        ) : rows.length === 0 ? (
          <EmptyState icon={<ForumOutlinedIcon />} text={tm('list.empty')} />
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {rows.map((ticket) => (
              <li key={ticket.id}>
                <TicketRow ticket={ticket} />
              </li>
            ))}
          </Stack>
        )}
        {tickets.isFetchNextPageError && (
          <Alert severity="error">{tm('list.loadMoreFailed')}</Alert>
        )}
        {tickets.hasNextPage && (
          <Button
            variant="outlined"
            onClick={() => void tickets.fetchNextPage()}
            loading={tickets.isFetchingNextPage}
            sx={{ alignSelf: 'center', minWidth: 160 }}
          >
            {tm('list.loadMore')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}

import { useId, useState } from 'react';
import {
  FunctionField,
  ReferenceInput,
  List,
  Loading,
  SearchInput,
  SelectInput,
  TextField,
  useNotify,
  useShowController,
  useTranslate,
} from 'react-admin';
import { CountField } from '../../components/count-field';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import type {
  StaffSupportReply,
  StaffSupportTicket,
  StaffSupportTicketDetail,
} from '@dars/contract';
import { formatDateTime } from '@dars/ui/format';
import { dailyCalls } from '../../data/daily-calls';
import { ResponsiveList } from '../../components/responsive-list';
import { LtrRuns } from '@dars/ui/ltr-runs';
import { choicesOf } from '../../components/choices';
import { DateTimeField } from '../../components/formatted-fields';
import { failureOf } from '../../data/failure';

export const TICKET_STATUSES = choicesOf('dars.daily.support.status', [
  'open',
  'answered',
  'closed',
]);
export const TICKET_KINDS = choicesOf('dars.daily.support.kind', ['student', 'guest']);

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={TICKET_STATUSES} alwaysOn />,
  <SelectInput key="kind" source="kind" choices={TICKET_KINDS} alwaysOn />,
  // The course a student named (ADR 048); a teacher's list holds their courses' tickets only.
  <ReferenceInput key="course_id" source="course_id" reference="courses">
    <SelectInput optionText="name" />
  </ReferenceInput>,
];

function StatusChip({ status }: { status: StaffSupportTicket['status'] }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={status === 'open' ? 'primary' : status === 'answered' ? 'success' : 'default'}
      variant={status === 'closed' ? 'filled' : 'outlined'}
      label={translate(`dars.daily.support.status.${status}`)}
    />
  );
}

/** The reference a sender quotes (`S-00042`), kept left to right inside the Arabic line. */
function Reference({ value }: { value: string }) {
  return (
    <bdi dir="ltr" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {value}
    </bdi>
  );
}

/** Who wrote a message of the thread: the staff member, or the student or guest by name. */
function authorLine(r: StaffSupportReply, translate: ReturnType<typeof useTranslate>): string {
  return translate(`dars.daily.support.author.${r.author}`, { name: r.name });
}

/** The inbox: open tickets first shown, newest first; search, status and sender filters. */
export function SupportTicketList() {
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'open' }}
      sort={{ field: 'id', order: 'DESC' }}
      exporter={false}
    >
      <ResponsiveList<StaffSupportTicket>
        // Worked on here, not edited: a row opens the record's page.
        link="show"
        primaryText={(r) => r.title}
        secondaryText={(r) =>
          `${r.reference} — ${r.name ?? '—'} — ${translate(`dars.daily.support.kind.${r.kind}`)} — ${translate(`dars.daily.support.status.${r.status}`)} — ${formatDateTime(r.created_at)}`
        }
      >
        <FunctionField<StaffSupportTicket>
          source="id"
          render={(r) => <Reference value={r.reference} />}
        />
        <TextField source="title" />
        <TextField source="name" emptyText="—" />
        <FunctionField<StaffSupportTicket>
          source="course"
          sortable={false}
          render={(r) => r.course?.name ?? '—'}
        />
        <FunctionField<StaffSupportTicket>
          source="kind"
          render={(r) => translate(`dars.daily.support.kind.${r.kind}`)}
        />
        <FunctionField<StaffSupportTicket>
          source="status"
          render={(r) => <StatusChip status={r.status} />}
        />
        <CountField source="replies_count" />
        <DateTimeField source="created_at" />
      </ResponsiveList>
    </List>
  );
}

/** The 422's message under the reply field, or the server's message as a notification. */
function useFailure() {
  const notify = useNotify();
  return (error: unknown, onField: (message: string) => void) => {
    const { fields, message } = failureOf(error);
    if (fields?.content) onField(fields.content);
    else notify(message, { type: 'error' });
  };
}

function ReplyForm({
  ticket,
  onDone,
}: {
  ticket: StaffSupportTicketDetail;
  onDone: (t: StaffSupportTicketDetail) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const fail = useFailure();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function send(close: boolean) {
    setBusy(true);
    setError(null);
    try {
      const { data } = await dailyCalls.reply(ticket.id, content, close);
      setContent('');
      notify(close ? 'dars.daily.support.closed' : 'dars.daily.support.sent', { type: 'success' });
      onDone(data);
    } catch (e) {
      fail(e, setError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="form" onSubmit={(e) => (e.preventDefault(), void send(false))}>
      <MuiTextField
        id={id}
        label={translate('dars.daily.support.reply_label')}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        multiline
        minRows={3}
        fullWidth
        error={error !== null}
        helperText={
          error ??
          (ticket.kind === 'guest'
            ? translate('dars.daily.support.guest_note', { email: ticket.email ?? '—' })
            : translate('dars.daily.support.student_note'))
        }
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('dars.daily.support.send')}
        </Button>
        {ticket.status !== 'closed' && (
          <Button variant="outlined" disabled={busy} onClick={() => void send(true)}>
            {translate('dars.daily.support.send_close')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** One ticket: who sent it, the message, the staff replies, the reply form, close or reopen. */
export function SupportTicketShow() {
  const translate = useTranslate();
  const notify = useNotify();
  const { record, isPending, refetch } = useShowController<StaffSupportTicketDetail>();
  const [fresh, setFresh] = useState<StaffSupportTicketDetail | null>(null);
  const [busy, setBusy] = useState(false);
  if (isPending || !record) return <Loading />;
  const ticket = fresh && fresh.id === record.id ? fresh : record;
  // Opened from the list, react-admin shows the list's row (no thread) until the ticket loads.
  const replies = ticket.replies ?? [];

  const done = (t: StaffSupportTicketDetail) => {
    setFresh(t);
    void refetch();
  };
  async function toggle() {
    setBusy(true);
    try {
      const open = ticket.status === 'closed';
      const { data } = await dailyCalls.setTicketOpen(ticket.id, open);
      notify(open ? 'dars.daily.support.reopened' : 'dars.daily.support.closed', {
        type: 'success',
      });
      done(data);
    } catch (e) {
      notify(failureOf(e).message, { type: 'error' });
      void refetch();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ mt: 2, maxWidth: 900 }}>
      <Button component={RouterLink} to="/support-tickets" sx={{ mb: 1 }}>
        {translate('dars.daily.support.back')}
      </Button>
      <Card>
        <CardContent>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}
          >
            <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
              {ticket.title}
            </Typography>
            <Typography color="text.secondary">
              {translate('dars.daily.support.reference')} <Reference value={ticket.reference} />
            </Typography>
            <StatusChip status={ticket.status} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate('dars.daily.support.from', { name: ticket.name ?? '—' })} —{' '}
            {translate(`dars.daily.support.kind.${ticket.kind}`)} —{' '}
            <span dir="ltr">{ticket.email ?? ''}</span> <span dir="ltr">{ticket.phone ?? ''}</span>{' '}
            — {formatDateTime(ticket.created_at)}
          </Typography>
          {ticket.course && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate('dars.daily.support.about_course', { course: ticket.course.name })}
            </Typography>
          )}
          <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <LtrRuns text={ticket.content} />
          </Typography>
          {ticket.closed_by && ticket.closed_at && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('dars.daily.support.closed_by', {
                name: ticket.closed_by.name,
                time: formatDateTime(ticket.closed_at),
              })}
            </Typography>
          )}
          <Divider sx={{ my: 2 }} />
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {translate('dars.daily.support.thread')}
          </Typography>
          {replies.length === 0 ? (
            <Typography color="text.secondary">
              {translate('dars.daily.support.no_replies')}
            </Typography>
          ) : (
            <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {replies.map((r) => (
                <Box
                  component="li"
                  key={r.id}
                  sx={{
                    p: 1.5,
                    borderRadius: 1,
                    // The sender's messages stand apart from the staff's.
                    bgcolor: r.author === 'staff' ? 'action.hover' : 'rgba(31,79,163,0.08)',
                    borderInlineStart: 4,
                    borderColor: r.author === 'staff' ? 'divider' : 'primary.main',
                  }}
                >
                  <Typography variant="body2" color="text.secondary">
                    {authorLine(r, translate)} — {formatDateTime(r.created_at)}
                    {r.emailed_to &&
                      ` — ${translate('dars.daily.support.emailed', { email: r.emailed_to })}`}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    <LtrRuns text={r.content} />
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
          <Divider sx={{ my: 2 }} />
          {ticket.kind === 'guest' && !ticket.email && (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {translate('dars.daily.support.guest_note', { email: '—' })}
            </Alert>
          )}
          <ReplyForm ticket={ticket} onDone={done} />
          <Button
            sx={{ mt: 2 }}
            color={ticket.status === 'closed' ? 'primary' : 'error'}
            disabled={busy}
            onClick={() => void toggle()}
          >
            {translate(
              ticket.status === 'closed' ? 'dars.daily.support.reopen' : 'dars.daily.support.close',
            )}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}

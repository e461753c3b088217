import { useState } from 'react';
import {
  CreateButton,
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Button, Chip } from '@mui/material';
import { MESSAGE_STATES, MESSAGE_TEMPLATES, type StaffPhoneMessage } from '@dars/contract';
import { formatDateTime } from '@dars/ui/format';
import { messageCalls } from '../../data/message-calls';
import { PhoneCards, useIsPhone } from '../../components/phone-cards';
import { choicesOf } from '../../components/choices';
import { DateTimeField } from '../../components/formatted-fields';
import { failureOf } from '../../data/failure';

// Text messages to parents and students (issue 28, ADR 053), admins only: who, what, by which
// channel, where its delivery stands and why one did not go; a retry of one that did not.

const P = 'dars.phone';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="state"
    source="state"
    choices={choicesOf(`${P}.state`, MESSAGE_STATES)}
    alwaysOn
  />,
  <SelectInput
    key="template"
    source="template"
    choices={choicesOf(`${P}.template`, MESSAGE_TEMPLATES)}
  />,
];

const COLOURS = {
  queued: 'default',
  sent: 'info',
  delivered: 'success',
  failed: 'error',
} as const;

export function StateChip({ state }: { state: StaffPhoneMessage['state'] }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLOURS[state]}
      variant={state === 'queued' ? 'outlined' : 'filled'}
      label={translate(`${P}.state.${state}`)}
    />
  );
}

/** Sends a message that did not go again: a new round of attempts. */
export function RetryButton() {
  const message = useRecordContext<StaffPhoneMessage>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!message || message.state !== 'failed') return null;
  async function retry() {
    setBusy(true);
    try {
      await messageCalls.retry(message!.id);
      notify(`${P}.retried`, { type: 'success' });
      refresh();
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={busy}
      aria-label={translate(`${P}.retry_of`, { id: message.id })}
      onClick={(e) => {
        e.stopPropagation();
        void retry();
      }}
    >
      {translate(busy ? `${P}.retrying` : `${P}.retry`)}
    </Button>
  );
}

/** Who a message went to: the parent or the student, and whose. */
function useWhom() {
  const translate = useTranslate();
  return (m: StaffPhoneMessage) =>
    `${translate(`${P}.recipient.${m.recipient}`)}${m.student ? ` · ${m.student.name}` : ''}`;
}

function MessageCards() {
  const translate = useTranslate();
  const whom = useWhom();
  const field = (name: string) => translate(`resources.phone-messages.fields.${name}`);
  return (
    <PhoneCards<StaffPhoneMessage>
      title={(m) => whom(m)}
      lines={(m) => [
        { label: field('phone'), value: <span dir="ltr">{m.phone}</span> },
        { label: field('state'), value: <StateChip state={m.state} /> },
        { label: field('channel'), value: translate(`${P}.channel.${m.channel}`) },
        { label: field('body'), value: m.body },
        ...(m.error ? [{ label: field('error'), value: m.error }] : []),
        { label: field('created_at'), value: formatDateTime(m.created_at) },
      ]}
      actions={<RetryButton />}
    />
  );
}

function MessageTable() {
  const translate = useTranslate();
  const whom = useWhom();
  return (
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <FunctionField<StaffPhoneMessage>
        source="phone"
        sortable={false}
        render={(m) => <span dir="ltr">{m.phone}</span>}
      />
      <FunctionField<StaffPhoneMessage> source="recipient" sortable={false} render={whom} />
      <FunctionField<StaffPhoneMessage>
        source="channel"
        sortable={false}
        render={(m) => translate(`${P}.channel.${m.channel}`)}
      />
      <FunctionField<StaffPhoneMessage>
        source="template"
        sortable={false}
        render={(m) => translate(`${P}.template.${m.template}`)}
      />
      <FunctionField<StaffPhoneMessage>
        source="body"
        sortable={false}
        render={(m) => (
          <span style={{ whiteSpace: 'pre-line', display: 'block', maxWidth: 360 }}>{m.body}</span>
        )}
      />
      <FunctionField<StaffPhoneMessage>
        source="state"
        render={(m) => <StateChip state={m.state} />}
      />
      <FunctionField<StaffPhoneMessage>
        source="attempts"
        sortable={false}
        render={(m) => m.attempts}
      />
      <FunctionField<StaffPhoneMessage>
        source="error"
        sortable={false}
        render={(m) => m.error ?? '—'}
      />
      <DateTimeField source="created_at" />
      <RetryButton />
    </Datagrid>
  );
}

function Actions() {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton label={translate(`${P}.send.title`)} />
    </TopToolbar>
  );
}

/** The messages, newest first. */
export function PhoneMessageList() {
  const isPhone = useIsPhone();
  return (
    // With no message yet the list still shows its toolbar: the way to send the first one.
    <List
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'id', order: 'DESC' }}
      empty={false}
    >
      {isPhone ? <MessageCards /> : <MessageTable />}
    </List>
  );
}

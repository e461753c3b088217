import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  Alert,
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField as MuiTextField,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { staffEndpoints, type StaffInvitation, type StaffMemberRole } from '@dars/contract';
import {
  AutocompleteInput,
  Button,
  Create,
  DeleteButton,
  Edit,
  FunctionField,
  List,
  PasswordInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  required,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { formatDate, formatDateTime } from '@dars/ui/format';
import { callStaff } from '../data/http';
import { LTR, LTR_EMAIL } from '../components/ltr';
import { ResponsiveList } from '../components/responsive-list';
import { useRole } from '../components/use-role';
import { ACCOUNT_TEXTS } from './people-texts';
import { failureOf } from '../data/failure';

/**
 * Staff accounts (ADR 028; API of ADR 022; teachers' logins, ADR 048): admins only. The menu leaves them out for a leader
 * (canAccess) and the server refuses a leader anyway (403). Removing an account takes its staff
 * role away and signs it out everywhere; the server keeps the last admin (409, shown as sent).
 */

type AccountRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  role: StaffMemberRole;
  invitation_expires_at: string | null;
  created_at: string;
};

/** An invitation waiting (until when) or lapsed; nothing once accepted or never sent. */
function InvitationText({ until }: { until: string | null }) {
  const [now] = useState(() => Date.now());
  if (!until) return null;
  if (Date.parse(until) <= now) return <>{ACCOUNT_TEXTS.invitationLapsed}</>;
  return <>{ACCOUNT_TEXTS.invitationWaits.replace('%{date}', formatDateTime(until))}</>;
}

function useRoleChoices() {
  const translate = useTranslate();
  return (['admin', 'leader', 'teacher'] as const).map((id) => ({
    id,
    name: translate(`dars.roles.${id}`),
  }));
}

function AccountFilters() {
  const roles = useRoleChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="role" source="role" choices={roles} alwaysOn />,
  ];
}

function RoleText({ role }: { role: StaffMemberRole | undefined }) {
  const translate = useTranslate();
  return <>{role ? translate(`dars.roles.${role}`) : ''}</>;
}

export function AccountList() {
  // react-admin asks for the list once before its access check sends a leader away: wait
  // for the role (the server would refuse a leader anyway, 403).
  const admin = useRole() === 'admin';
  return (
    <List
      queryOptions={{ enabled: admin }}
      filters={AccountFilters()}
      sort={{ field: 'name', order: 'ASC' }}
      exporter={false}
    >
      <ResponsiveList<AccountRow>
        primaryText={(r) => r.name}
        secondaryText={(r) => (
          <>
            <RoleText role={r.role} /> · <span dir="ltr">{r.email}</span>
            {r.invitation_expires_at && (
              <>
                {' · '}
                <InvitationText until={r.invitation_expires_at} />
              </>
            )}
          </>
        )}
      >
        <TextField source="name" />
        <FunctionField<AccountRow>
          source="email"
          render={(r) => <span dir="ltr">{r.email}</span>}
        />
        <FunctionField<AccountRow>
          source="phone"
          render={(r) => <span dir="ltr">{r.phone}</span>}
        />
        <FunctionField<AccountRow> source="role" render={(r) => <RoleText role={r.role} />} />
        <FunctionField<AccountRow>
          source="invitation_expires_at"
          label={ACCOUNT_TEXTS.invitation}
          sortable={false}
          render={(r) => <InvitationText until={r.invitation_expires_at} />}
        />
        <FunctionField<AccountRow> source="created_at" render={(r) => formatDate(r.created_at)} />
      </ResponsiveList>
    </List>
  );
}

/**
 * The teacher profile a teacher's login works as (ADR 048): asked for when the role is teacher
 * (the server refuses a teacher's login without one, 422 on this field).
 */
function TeacherOfAccount() {
  const role = useWatch({ name: 'role' }) as string | undefined;
  if (role !== 'teacher') return null;
  return (
    <ReferenceInput source="teacher_id" reference="teachers" perPage={100}>
      <AutocompleteInput
        optionText="name"
        validate={required()}
        helperText={ACCOUNT_TEXTS.teacherHelp}
      />
    </ReferenceInput>
  );
}

/** '' (an untouched or cleared password box) is no change, never a blank password. */
const optional = (value: string) => (value ? value : undefined);

/**
 * A new account's way in: an invitation by e-mail (the default: the admin never knows the
 * password) or a password typed now and passed on.
 */
function WayIn() {
  const how = useWatch({ name: 'how' }) as string | undefined;
  return (
    <>
      <RadioButtonGroupInput
        source="how"
        label={ACCOUNT_TEXTS.howIn}
        defaultValue="invite"
        choices={[
          { id: 'invite', name: ACCOUNT_TEXTS.invite },
          { id: 'password', name: ACCOUNT_TEXTS.setNow },
        ]}
        row={false}
      />
      {how === 'password' && (
        <PasswordInput
          source="password"
          autoComplete="new-password"
          parse={optional}
          validate={required()}
          helperText={ACCOUNT_TEXTS.passwordNew}
        />
      )}
    </>
  );
}

/** What the server takes of the create form: the password only when one was chosen. */
function createBody(data: Record<string, unknown>) {
  const { how, password, ...rest } = data;
  return how === 'password' ? { ...rest, password } : rest;
}

function AccountForm({ creating }: { creating?: boolean }) {
  const roles = useRoleChoices();
  return (
    <SimpleForm toolbar={creating ? undefined : <AccountToolbar />}>
      <TextInput source="name" validate={required()} />
      <TextInput source="email" validate={required()} slotProps={LTR_EMAIL} />
      <TextInput source="phone" validate={required()} slotProps={LTR} />
      <SelectInput
        source="role"
        choices={roles}
        validate={required()}
        helperText={ACCOUNT_TEXTS.roleHelp}
      />
      <TeacherOfAccount />
      {creating ? (
        <WayIn />
      ) : (
        <PasswordInput
          source="password"
          autoComplete="new-password"
          parse={optional}
          helperText={ACCOUNT_TEXTS.passwordKeep}
        />
      )}
    </SimpleForm>
  );
}

function AccountToolbar() {
  const record = useRecordContext<AccountRow>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <SaveButton />
        <InviteAgainButton />
      </Box>
      <DeleteButton
        label={ACCOUNT_TEXTS.remove}
        mutationMode="pessimistic"
        confirmTitle={ACCOUNT_TEXTS.removeTitle.replace('%{name}', record?.name ?? '')}
        confirmContent={ACCOUNT_TEXTS.removeContent}
        successMessage={ACCOUNT_TEXTS.removed}
      />
    </Toolbar>
  );
}

/**
 * Sends the account a new invitation (ADR 048) and shows where it went, with the link itself
 * to copy: when the mail server refused, or for a school that passes it on by WhatsApp.
 */
function InviteAgainButton() {
  const record = useRecordContext<AccountRow>();
  const refresh = useRefresh();
  const [sent, setSent] = useState<StaffInvitation | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const notify = useNotify();
  if (!record) return null;
  const send = async () => {
    setBusy(true);
    try {
      const answer = await callStaff(staffEndpoints.staffInviteAccount, {
        params: { id: record.id },
      });
      setCopied(false);
      setSent(answer.data);
      refresh();
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        label={ACCOUNT_TEXTS.inviteAgain}
        onClick={send}
        disabled={busy}
        title={ACCOUNT_TEXTS.inviteAgainHelp}
      >
        <ForwardToInboxOutlinedIcon />
      </Button>
      <Dialog open={sent !== null} onClose={() => setSent(null)} fullWidth maxWidth="sm">
        <DialogTitle>{ACCOUNT_TEXTS.inviteAgain}</DialogTitle>
        <DialogContent>
          {sent && (
            <>
              <Alert severity={sent.mailed ? 'success' : 'warning'} sx={{ mb: 2 }}>
                {sent.mailed
                  ? ACCOUNT_TEXTS.inviteSent
                      .replace('%{email}', sent.email)
                      .replace('%{date}', formatDateTime(sent.expires_at))
                  : ACCOUNT_TEXTS.inviteNotMailed}
              </Alert>
              <MuiTextField
                label={ACCOUNT_TEXTS.inviteLink}
                value={sent.url}
                fullWidth
                multiline
                slotProps={{ htmlInput: { dir: 'ltr', readOnly: true } }}
                onFocus={(event) => event.target.select()}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button
            label={copied ? ACCOUNT_TEXTS.copied : ACCOUNT_TEXTS.copy}
            onClick={() =>
              sent &&
              navigator.clipboard?.writeText(sent.url).then(
                () => setCopied(true),
                () => undefined,
              )
            }
          >
            <ContentCopyIcon />
          </Button>
          <Button label={ACCOUNT_TEXTS.close} onClick={() => setSent(null)} />
        </DialogActions>
      </Dialog>
    </>
  );
}

export function AccountCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      transform={createBody}
      mutationOptions={{
        onSuccess: (account: AccountRow) => {
          if (account.invitation_expires_at) {
            notify(ACCOUNT_TEXTS.invited.replace('%{email}', account.email), { type: 'success' });
          } else {
            notify('ra.notification.created', { type: 'info', messageArgs: { smart_count: 1 } });
          }
          redirect('list', 'accounts');
        },
      }}
    >
      <AccountForm creating />
    </Create>
  );
}

export function AccountEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <AccountForm />
    </Edit>
  );
}

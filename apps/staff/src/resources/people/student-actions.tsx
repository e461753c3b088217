import { useId, useState, type ReactNode } from 'react';
import {
  AutocompleteInput,
  Confirm,
  Form,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SaveButton,
  TextInput,
  required,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import type { StaffStudentDetail } from '@dars/contract';
import { formatMoney } from '@dars/ui/format';
import { peopleCalls } from '../../data/people-calls';
import { failureOf } from '../../data/failure';

type FieldErrors = Record<string, string>;

/**
 * What a refused call means for a dialog's form: a 422's field messages go under the fields
 * (react-admin sets the errors an onSubmit returns); anything else is shown as a notice.
 */
export function useRefusal() {
  const notify = useNotify();
  return (e: unknown): FieldErrors | undefined => {
    const { status, fields, message } = failureOf(e);
    if (status === 422 && fields) return fields;
    notify(message, { type: 'error' });
    return undefined;
  };
}

/** A dialog holding a react-admin form: its title names it for screen readers. */
export function FormDialog({
  open,
  title,
  help,
  onClose,
  onSubmit,
  submitLabel,
  record,
  children,
}: {
  open: boolean;
  title: string;
  help: string;
  onClose: () => void;
  onSubmit: (values: Record<string, unknown>) => Promise<FieldErrors | undefined>;
  submitLabel: string;
  /** The values the form starts from (a record being edited). */
  record?: Record<string, unknown>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Form onSubmit={onSubmit} record={record}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{help}</DialogContentText>
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('dars.people.actions.cancel')}</Button>
          <SaveButton label={submitLabel} icon={<span />} alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function GrantTarget() {
  const translate = useTranslate();
  const kind = useWatch({ name: 'kind' }) as string | undefined;
  return kind === 'lecture' ? (
    <ReferenceInput source="lecture_id" reference="lectures">
      <AutocompleteInput
        optionText="name"
        label={translate('dars.people.actions.grant_lecture')}
        validate={required()}
        fullWidth
      />
    </ReferenceInput>
  ) : (
    <ReferenceInput source="course_id" reference="courses">
      <AutocompleteInput
        optionText="name"
        label={translate('dars.people.actions.grant_course')}
        validate={required()}
        fullWidth
      />
    </ReferenceInput>
  );
}

type Open = null | 'reset' | 'block' | 'unblock' | 'grant' | 'balance';

/**
 * An admin's actions on a student's account (ADR 029, 025): the password-reset mail, block or
 * unblock, a grant without payment, a balance adjustment. The server checks the role as well.
 */
export function StudentActions({
  student,
  onDone,
  children,
}: {
  student: StaffStudentDetail;
  onDone: () => void;
  /** More of the admin's buttons, first in the row (the details, the set-password link). */
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refusal = useRefusal();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const close = () => setOpen(null);
  const vars = { name: student.name };

  async function run(work: () => Promise<string>) {
    setBusy(true);
    try {
      notify(await work(), { type: 'success' });
      close();
      onDone();
    } catch (e) {
      refusal(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, my: 2 }}
        role="group"
        aria-label={translate('dars.people.actions.title')}
      >
        {children}
        <Button variant="outlined" onClick={() => setOpen('reset')}>
          {translate('dars.people.actions.reset')}
        </Button>
        <Button variant="outlined" onClick={() => setOpen('grant')}>
          {translate('dars.people.actions.grant')}
        </Button>
        <Button variant="outlined" onClick={() => setOpen('balance')}>
          {translate('dars.people.actions.balance')}
        </Button>
        {student.blocked ? (
          <Button variant="contained" color="success" onClick={() => setOpen('unblock')}>
            {translate('dars.people.actions.unblock')}
          </Button>
        ) : (
          <Button variant="contained" color="error" onClick={() => setOpen('block')}>
            {translate('dars.people.actions.block')}
          </Button>
        )}
      </Stack>

      <Confirm
        isOpen={open === 'reset'}
        loading={busy}
        title={translate('dars.people.actions.reset_title', vars)}
        content={translate('dars.people.actions.reset_content')}
        confirm={translate('dars.people.actions.send')}
        cancel={translate('dars.people.actions.cancel')}
        onConfirm={() =>
          void run(async () => (await peopleCalls.resetPassword(student.id)).data.message)
        }
        onClose={close}
      />
      <Confirm
        isOpen={open === 'unblock'}
        loading={busy}
        title={translate('dars.people.actions.unblock_title', vars)}
        content={translate('dars.people.actions.unblock_content')}
        confirm={translate('dars.people.actions.confirm')}
        cancel={translate('dars.people.actions.cancel')}
        onConfirm={() =>
          void run(async () => {
            await peopleCalls.unblock(student.id);
            return 'dars.people.actions.unblocked';
          })
        }
        onClose={close}
      />

      <FormDialog
        open={open === 'block'}
        title={translate('dars.people.actions.block_title', vars)}
        help={translate('dars.people.actions.block_help')}
        submitLabel={translate('dars.people.actions.block')}
        onClose={close}
        onSubmit={async (values) => {
          try {
            await peopleCalls.block(student.id, String(values.reason ?? ''));
          } catch (e) {
            return refusal(e);
          }
          notify('dars.people.actions.blocked', { type: 'success' });
          close();
          onDone();
          return undefined;
        }}
      >
        <TextInput
          source="reason"
          label={translate('dars.people.actions.block_reason')}
          multiline
          minRows={2}
          fullWidth
        />
      </FormDialog>

      <FormDialog
        open={open === 'grant'}
        title={translate('dars.people.actions.grant_title', vars)}
        help={translate('dars.people.actions.grant_help')}
        submitLabel={translate('dars.people.actions.grant')}
        onClose={close}
        onSubmit={async (values) => {
          const target =
            values.kind === 'lecture'
              ? { lecture_id: Number(values.lecture_id) }
              : { course_id: Number(values.course_id) };
          const comment = String(values.comment ?? '').trim();
          // Blank is a grant without payment; any number goes to the server, which checks it.
          const cash = values.cash_amount;
          let received: number | null;
          try {
            ({ cash_amount: received } = (
              await peopleCalls.grant(student.id, {
                ...target,
                ...(comment ? { comment } : {}),
                ...(typeof cash === 'number' ? { cash_amount: cash } : {}),
              })
            ).data);
          } catch (e) {
            return refusal(e);
          }
          notify(
            received === null
              ? 'dars.people.actions.granted'
              : translate('dars.people.actions.granted_cash', { amount: formatMoney(received) }),
            { type: 'success' },
          );
          close();
          onDone();
          return undefined;
        }}
      >
        <RadioButtonGroupInput
          source="kind"
          label={translate('dars.people.actions.grant_kind')}
          defaultValue="course"
          choices={[
            { id: 'course', name: 'dars.people.actions.grant_course' },
            { id: 'lecture', name: 'dars.people.actions.grant_lecture' },
          ]}
        />
        <GrantTarget />
        <NumberInput
          source="cash_amount"
          label={translate('dars.people.actions.grant_cash')}
          helperText={translate('dars.people.actions.grant_cash_help')}
          fullWidth
        />
        <TextInput
          source="comment"
          label={translate('dars.people.actions.grant_comment')}
          fullWidth
        />
      </FormDialog>

      <FormDialog
        open={open === 'balance'}
        title={translate('dars.people.actions.balance_title', vars)}
        help={translate('dars.people.actions.balance_help')}
        submitLabel={translate('dars.people.actions.balance')}
        onClose={close}
        onSubmit={async (values) => {
          let balance: number;
          try {
            ({ balance } = (
              await peopleCalls.adjustBalance(student.id, {
                amount: Number(values.amount),
                comment: String(values.comment ?? ''),
              })
            ).data);
          } catch (e) {
            return refusal(e);
          }
          notify(translate('dars.people.actions.balance_done', { balance: formatMoney(balance) }), {
            type: 'success',
          });
          close();
          onDone();
          return undefined;
        }}
      >
        <NumberInput
          source="amount"
          label={translate('dars.people.actions.balance_amount')}
          validate={required()}
          fullWidth
        />
        <TextInput
          source="comment"
          label={translate('dars.people.actions.balance_comment')}
          validate={required()}
          fullWidth
        />
      </FormDialog>
    </>
  );
}

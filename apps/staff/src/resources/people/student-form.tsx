import { useId, useRef, useState } from 'react';
import {
  Confirm,
  ReferenceInput,
  SelectInput,
  TextInput,
  required,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { StaffStudentDetail, StudentInvitation } from '@dars/contract';
import { formatDateTime } from '@dars/ui/format';
import { peopleCalls } from '../../data/people-calls';
import { LTR_EMAIL } from '../../components/ltr';
import { FormDialog, useRefusal } from './student-actions';

const S = 'dars.students';
const LTR_TEL = { htmlInput: { dir: 'ltr', inputMode: 'tel' } } as const;

/** The fields a student is added or corrected with, in the form the server reads them. */
type StudentValues = {
  name: string;
  phone: string;
  email: string | null;
  grade_id: number | null;
  center_name: string | null;
  parent_phone: string | null;
  parent_email: string | null;
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const orNull = (value: unknown) => text(value) || null;

/** The form's values as the server takes them: blanks are null (a field cleared). */
function studentBody(values: Record<string, unknown>): StudentValues {
  const grade = values.grade_id;
  return {
    name: text(values.name),
    phone: text(values.phone),
    email: orNull(values.email),
    grade_id: grade === null || grade === undefined || grade === '' ? null : Number(grade),
    center_name: orNull(values.center_name),
    parent_phone: orNull(values.parent_phone),
    parent_email: orNull(values.parent_email),
  };
}

/** A student's record as the edit form starts from it. */
function studentValues(student: StaffStudentDetail): StudentValues {
  return {
    name: student.name,
    phone: student.phone,
    email: student.email,
    grade_id: student.grade?.id ?? null,
    center_name: student.center_name,
    parent_phone: student.parent_phone,
    parent_email: student.parent_email,
  };
}

/** Name, phone, e-mail, grade, centre and the parent's phone and e-mail. */
function StudentFields() {
  const translate = useTranslate();
  const label = (field: keyof StudentValues) => translate(`${S}.fields.${field}`);
  return (
    <>
      <TextInput source="name" label={label('name')} validate={required()} fullWidth />
      <TextInput
        source="phone"
        label={label('phone')}
        validate={required()}
        helperText={translate(`${S}.phone_help`)}
        slotProps={LTR_TEL}
        fullWidth
      />
      <TextInput source="email" label={label('email')} slotProps={LTR_EMAIL} fullWidth />
      <ReferenceInput
        source="grade_id"
        reference="grades"
        sort={{ field: 'position', order: 'ASC' }}
      >
        <SelectInput
          label={label('grade_id')}
          optionText="name"
          emptyText={translate(`${S}.no_grade`)}
          fullWidth
        />
      </ReferenceInput>
      <TextInput source="center_name" label={label('center_name')} fullWidth />
      <TextInput
        source="parent_phone"
        label={label('parent_phone')}
        slotProps={LTR_TEL}
        fullWidth
      />
      <TextInput
        source="parent_email"
        label={label('parent_email')}
        slotProps={LTR_EMAIL}
        fullWidth
      />
    </>
  );
}

/** What the link dialog shows: the link, and to whom it was made. */
export type MadeLink = {
  student: Pick<StaffStudentDetail, 'id' | 'name' | 'email'>;
  invitation: StudentInvitation;
  /** The student was just added: the title says so, and a button opens their page. */
  created?: boolean;
};

/**
 * A set-password link made for a student (ADR 052), to pass on: whether it was mailed, that it
 * works once for seven days, the link itself (left to right) with a copy button, and for a
 * student just added a way to their page.
 */
export function InvitationDialog({
  made,
  onClose,
}: {
  made: MadeLink | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const close = () => {
    setCopied(null);
    onClose();
  };
  const copy = async (url: string) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      field.current?.focus();
      field.current?.select();
      setCopied('failed');
    }
  };
  if (!made) return null;
  const { student, invitation } = made;
  const vars = { name: student.name };
  const mail = invitation.mailed
    ? translate(`${S}.link.mailed`, { email: student.email ?? '' })
    : translate(student.email ? `${S}.link.mail_failed` : `${S}.link.no_email`);
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {translate(made.created ? `${S}.link.created_title` : `${S}.link.title`, vars)}
      </DialogTitle>
      <DialogContent>
        <Alert severity={invitation.mailed ? 'success' : 'warning'} sx={{ mb: 2 }}>
          {mail}
        </Alert>
        <Typography sx={{ mb: 2 }}>
          {translate(`${S}.link.once`, { date: formatDateTime(invitation.expires_at) })}
        </Typography>
        <TextField
          label={translate(`${S}.link.label`)}
          value={invitation.url}
          fullWidth
          multiline
          inputRef={field}
          slotProps={{ htmlInput: { dir: 'ltr', readOnly: true, spellCheck: false } }}
          onFocus={(event) => event.target.select()}
          sx={{ '& textarea': { wordBreak: 'break-all', fontFamily: 'monospace' } }}
        />
        <Box role="status" sx={{ mt: 1, minHeight: '1.5em' }}>
          {copied && (
            <Typography variant="body2" color={copied === 'yes' ? 'success.main' : 'warning.main'}>
              {translate(copied === 'yes' ? `${S}.link.copied` : `${S}.link.copy_failed`)}
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy(invitation.url)}
        >
          {translate(`${S}.link.copy`)}
        </Button>
        {made.created && (
          <Button
            variant="outlined"
            component={RouterLink}
            to={`/students/${student.id}/show`}
            onClick={close}
          >
            {translate(`${S}.link.open_student`)}
          </Button>
        )}
        <Button onClick={close}>{translate(`${S}.link.close`)}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * «إضافة طالب» on the students list (admins): the form in a dialog; a 422's messages go under
 * the fields; once added, the set-password link's dialog.
 */
export function AddStudentButton() {
  const translate = useTranslate();
  const refusal = useRefusal();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [made, setMade] = useState<MadeLink | null>(null);
  return (
    <>
      <Button size="small" startIcon={<PersonAddIcon />} onClick={() => setOpen(true)}>
        {translate(`${S}.add.button`)}
      </Button>
      <FormDialog
        open={open}
        title={translate(`${S}.add.title`)}
        help={translate(`${S}.add.help`)}
        submitLabel={translate(`${S}.add.submit`)}
        onClose={() => setOpen(false)}
        onSubmit={async (values) => {
          try {
            const answer = await peopleCalls.createStudent(studentBody(values));
            setOpen(false);
            setMade({ student: answer.data, invitation: answer.invitation, created: true });
            refresh();
            return undefined;
          } catch (e) {
            return refusal(e);
          }
        }}
      >
        <StudentFields />
      </FormDialog>
      <InvitationDialog made={made} onClose={() => setMade(null)} />
    </>
  );
}

/** «تعديل البيانات» on a student's page (admins): the same fields, saved with a PATCH. */
export function EditStudentButton({
  student,
  onDone,
}: {
  student: StaffStudentDetail;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refusal = useRefusal();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {translate(`${S}.edit.button`)}
      </Button>
      <FormDialog
        open={open}
        title={translate(`${S}.edit.title`, { name: student.name })}
        help={translate(`${S}.edit.help`)}
        submitLabel={translate(`${S}.edit.submit`)}
        record={studentValues(student)}
        onClose={() => setOpen(false)}
        onSubmit={async (values) => {
          try {
            await peopleCalls.updateStudent(student.id, studentBody(values));
          } catch (e) {
            return refusal(e);
          }
          notify(`${S}.edit.saved`, { type: 'success' });
          setOpen(false);
          onDone();
          return undefined;
        }}
      >
        <StudentFields />
      </FormDialog>
    </>
  );
}

/**
 * «رابط تعيين كلمة المرور» on a student's page (admins): after a confirmation (a new link ends
 * the earlier ones), the link's dialog.
 */
export function InvitationButton({ student }: { student: StaffStudentDetail }) {
  const translate = useTranslate();
  const refusal = useRefusal();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<MadeLink | null>(null);
  const vars = { name: student.name };
  async function make() {
    setBusy(true);
    try {
      const { data } = await peopleCalls.inviteStudent(student.id);
      setAsking(false);
      setMade({ student, invitation: data });
    } catch (e) {
      refusal(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="outlined" onClick={() => setAsking(true)}>
        {translate(`${S}.link.button`)}
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title={translate(`${S}.link.confirm_title`, vars)}
        content={translate(`${S}.link.confirm_content`)}
        confirm={translate(`${S}.link.make`)}
        cancel={translate('dars.people.actions.cancel')}
        onConfirm={() => void make()}
        onClose={() => setAsking(false)}
      />
      <InvitationDialog made={made} onClose={() => setMade(null)} />
    </>
  );
}

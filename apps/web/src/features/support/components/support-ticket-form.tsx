import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, Link, Stack, TextField, Typography } from '@mui/material';
import {
  supportConversationPath,
  type CreateSupportTicketResponse,
  createSupportTicketBodySchema,
  guestSupportTicketBodySchema,
} from '@dars/contract';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { MessageBar, type Message } from '../../../components/message-bar';
import { mirrorInRtl } from '../../../components/mirror-in-rtl';
import { fieldErrorsOf, serverMessage, type FormErrors } from '../../../lib/form-errors';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useSession } from '../../../lib/session-context';
import { serverOrigin } from '../../../platform/server-origin';
import { t } from '../../../i18n/t';
import { useCreateSupportTicket } from '../api/create-support-ticket';

type Field = 'title' | 'content' | 'name' | 'email' | 'phone' | 'course_id';
type Sent = CreateSupportTicketResponse['data'];

/**
 * What a sent ticket leaves on the page until the next one (issue 24, ADR 039): its reference,
 * and the way to its conversation: «رسائلي» for a student, the follow link for a guest (the
 * only time the guest sees it on screen, so it is written out whole to be kept: the web site's
 * address, also in the native apps, whose own pages live at `https://localhost`).
 */
function SentNotice({ sent }: { sent: Sent }) {
  return (
    <Alert severity="success" role="status" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
      <Stack spacing={1}>
        <Typography sx={{ fontWeight: 700 }}>{t('support.sent')}</Typography>
        <Typography>
          {t('support.sentReference')}{' '}
          <bdi dir="ltr" style={{ fontWeight: 700 }}>
            {sent.reference}
          </bdi>
        </Typography>
        {sent.follow_path ? (
          <>
            <Typography>{t('support.sentGuest')}</Typography>
            <Link
              component={RouterLink}
              to={sent.follow_path}
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              <bdi dir="ltr">{`${serverOrigin() ?? window.location.origin}${sent.follow_path}`}</bdi>
            </Link>
          </>
        ) : (
          <>
            <Typography>{t('support.sentStudent')}</Typography>
            <Button
              component={RouterLink}
              to={supportConversationPath(sent.id)}
              variant="outlined"
              color="success"
              size="small"
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('support.openConversation')}
            </Button>
          </>
        )}
      </Stack>
    </Alert>
  );
}
const EMPTY: Record<Field, string> = {
  title: '',
  content: '',
  name: '',
  email: '',
  phone: '',
  course_id: '',
};

/**
 * The support-ticket form (spec §2, §5): title and content, and for guests also name,
 * e-mail and phone; a blank one reads 'لا يمكنك ترك حقل فارغاً'. A student with courses may say
 * which one it is about (issue 27), so that course's teachers see it too.
 */
export function SupportTicketForm({
  courses = [],
}: {
  courses?: readonly { id: number; name: string }[];
}) {
  const { signedIn } = useSession();
  const send = useCreateSupportTicket();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = signedIn
      ? createSupportTicketBodySchema.safeParse({
          title: values.title,
          content: values.content,
          ...(values.course_id ? { course_id: Number(values.course_id) } : {}),
        })
      : guestSupportTicketBodySchema.safeParse({ ...values, course_id: undefined });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error) as FormErrors<Field>);
      focusFirstInvalid();
      return;
    }
    setMessage(null);
    setSent(null);
    send.mutate(parsed.data, {
      onSuccess: ({ data }) => {
        setValues(EMPTY);
        setSent(data);
      },
      onError: (error) =>
        setMessage({ text: serverMessage(error, t('support.sendFailed')), severity: 'error' }),
    });
  };

  const field = (name: Field, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(event) => {
        setValues((v) => ({ ...v, [name]: event.target.value }));
        setErrors((e) => ({ ...e, [name]: undefined }));
      }}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
      {...extra}
    />
  );

  return (
    <Stack component="section" spacing={1.5} aria-labelledby="support-form-title">
      <Typography id="support-form-title" component="h2" variant="h6" color="primary">
        {t('support.formTitle')}
      </Typography>
      <Typography color="text.secondary">{t('support.formLead')}</Typography>
      <Stack component="form" noValidate onSubmit={submit} spacing={2} sx={{ pt: 1 }}>
        <MessageBar message={message} />
        {sent && <SentNotice sent={sent} />}
        {!signedIn && (
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            {field('name', t('support.name'), { autoComplete: 'name' })}
            {field('email', t('support.email'), {
              type: 'email',
              autoComplete: 'email',
              slotProps: { htmlInput: { dir: 'ltr' } },
            })}
            {field('phone', t('support.phone'), {
              type: 'tel',
              autoComplete: 'tel',
              slotProps: { htmlInput: { dir: 'ltr' } },
            })}
          </Stack>
        )}
        {signedIn &&
          courses.length > 0 &&
          field('course_id', t('support.course'), {
            select: true,
            helperText: errors.course_id ?? t('support.courseHelp'),
            slotProps: { select: { native: true }, inputLabel: { shrink: true } },
            children: [
              <option key="" value="">
                {t('support.courseNone')}
              </option>,
              ...courses.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              )),
            ],
          })}
        {field('title', t('support.subject'))}
        {field('content', t('support.content'), { multiline: true, minRows: 5 })}
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={send.isPending}
          endIcon={<SendOutlinedIcon sx={mirrorInRtl} />}
          sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 160 }}
        >
          {t('support.send')}
        </Button>
      </Stack>
    </Stack>
  );
}

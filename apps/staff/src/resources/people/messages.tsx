import { useEffect, useState, type ReactNode } from 'react';
import {
  AutocompleteInput,
  Confirm,
  Form,
  Loading,
  RadioButtonGroupInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TextInput,
  Title,
  required,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Alert, Box, Card, CardContent, Typography, type SxProps, type Theme } from '@mui/material';
import type { z } from 'zod';
import {
  MESSAGE_AUDIENCES,
  type staffSendMessageBodySchema,
  type StaffStudent,
} from '@dars/contract';
import { peopleCalls } from '../../data/people-calls';
import { useRole } from '../../components/use-role';
import { useCount } from '../../i18n/use-count';
import { failureOf } from '../../data/failure';

const M = 'dars.people.messages';
type FieldErrors = Record<string, string>;

function refusal(e: unknown, notify: ReturnType<typeof useNotify>): FieldErrors | undefined {
  const { status, fields, message } = failureOf(e);
  if (status === 422 && fields) return fields;
  notify(message, { type: 'error' });
  return undefined;
}

/** The one input the chosen audience needs: a student, a grade or a course. */
function AudienceTarget() {
  const translate = useTranslate();
  const audience = useWatch({ name: 'audience' }) as string | undefined;
  if (audience === 'student') {
    return (
      <ReferenceInput source="student_id" reference="students">
        <AutocompleteInput
          label={translate(`${M}.student_id`)}
          optionText={(r: StaffStudent) => `${r.name} — ${r.phone}`}
          validate={required()}
          fullWidth
        />
      </ReferenceInput>
    );
  }
  if (audience === 'grade') {
    return (
      <ReferenceInput
        source="grade_id"
        reference="grades"
        sort={{ field: 'position', order: 'ASC' }}
      >
        <SelectInput label={translate(`${M}.grade_id`)} optionText="name" validate={required()} />
      </ReferenceInput>
    );
  }
  if (audience === 'course') {
    return (
      <ReferenceInput source="course_id" reference="courses">
        <AutocompleteInput
          label={translate(`${M}.course_id`)}
          optionText="name"
          validate={required()}
          fullWidth
        />
      </ReferenceInput>
    );
  }
  return null;
}

type MessageBody = z.input<typeof staffSendMessageBodySchema>;

/** The field naming each audience's one id (every student: none). */
const MESSAGE_TARGETS: Partial<
  Record<MessageBody['audience'], 'student_id' | 'grade_id' | 'course_id'>
> = { student: 'student_id', grade: 'grade_id', course: 'course_id' };

/** The body the contract's staffSendMessage takes: the audience's own id only, no empty link. */
export function messageBody(values: Record<string, unknown>): MessageBody {
  // The form's radio group holds one of the audiences (the server answers 422 otherwise).
  const audience = values.audience as MessageBody['audience'];
  const body: MessageBody = {
    audience,
    title: String(values.title ?? ''),
    content: String(values.content ?? ''),
  };
  const target = MESSAGE_TARGETS[audience];
  if (target && values[target] !== undefined && values[target] !== null) {
    body[target] = Number(values[target]);
  }
  const to = String(values.to ?? '').trim();
  if (to) body.to = to;
  return body;
}

type Submit = (values: Record<string, unknown>) => Promise<FieldErrors | undefined>;

/**
 * The send button. Sending to every student asks first; the confirmed send goes through the
 * same submit, with the server's field messages set under the fields.
 */
function SendButton({ submit }: { submit: Submit }) {
  const translate = useTranslate();
  const audience = useWatch({ name: 'audience' }) as string | undefined;
  const { handleSubmit, setError } = useFormContext();
  const [confirming, setConfirming] = useState(false);
  const label = translate(`${M}.send`);
  if (audience !== 'all') return <SaveButton label={label} icon={<span />} alwaysEnable />;
  return (
    <>
      <SaveButton
        label={label}
        icon={<span />}
        alwaysEnable
        type="button"
        onClick={(e) => {
          e.preventDefault();
          setConfirming(true);
        }}
      />
      <Confirm
        isOpen={confirming}
        title={translate(`${M}.confirm_all_title`)}
        content={translate(`${M}.confirm_all_content`)}
        confirm={label}
        cancel={translate('dars.people.actions.cancel')}
        onConfirm={() => {
          setConfirming(false);
          void handleSubmit(async (values) => {
            const errors = await submit(values);
            for (const [field, message] of Object.entries(errors ?? {})) {
              setError(field, { type: 'server', message });
            }
          })();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function MessageForm() {
  const translate = useTranslate();
  const count = useCount();
  const notify = useNotify();
  const [key, setKey] = useState(0);
  const submit = async (values: Record<string, unknown>) => {
    try {
      const { data } = await peopleCalls.sendMessage(messageBody(values));
      notify(translate(`${M}.sent`, { students: count(data.sent, 'student') }), {
        type: 'success',
      });
      setKey((k) => k + 1); // a fresh, empty form
      return undefined;
    } catch (e) {
      return refusal(e, notify);
    }
  };
  return (
    <Form key={key} onSubmit={submit} defaultValues={{ audience: 'student' }}>
      <RadioButtonGroupInput
        source="audience"
        label={translate(`${M}.audience`)}
        choices={MESSAGE_AUDIENCES.map((id) => ({ id, name: `${M}.audiences.${id}` }))}
      />
      <AudienceTarget />
      <TextInput
        source="title"
        label={translate(`${M}.message_title`)}
        validate={required()}
        fullWidth
      />
      <TextInput
        source="content"
        label={translate(`${M}.content`)}
        validate={required()}
        multiline
        minRows={4}
        fullWidth
      />
      <TextInput
        source="to"
        label={translate(`${M}.to`)}
        slotProps={{ htmlInput: { dir: 'ltr' } }}
        fullWidth
      />
      <SendButton submit={submit} />
    </Form>
  );
}

/** The general announcement (spec §3 settings), loaded and saved on its own. */
function AnnouncementForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const [text, setText] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    peopleCalls
      .announcement(controller.signal)
      .then(({ data }) => setText(data.general_announcement ?? ''))
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') {
          notify(failureOf(e).message, { type: 'error' });
          setText(null);
        }
      });
    return () => controller.abort();
  }, [notify]);
  if (text === undefined) return <Loading />;
  if (text === null) return null;
  return (
    <Form
      defaultValues={{ general_announcement: text }}
      onSubmit={async (values: Record<string, unknown>) => {
        try {
          await peopleCalls.putAnnouncement(String(values.general_announcement ?? ''));
          notify(`${M}.announcement_saved`, { type: 'success' });
          return undefined;
        } catch (e) {
          return refusal(e, notify);
        }
      }}
    >
      <TextInput
        source="general_announcement"
        label={translate(`${M}.announcement`)}
        multiline
        minRows={3}
        fullWidth
      />
      <SaveButton label={translate(`${M}.announcement_save`)} alwaysEnable />
    </Form>
  );
}

/** One of the screen's two forms in its card, under its title (`${M}.${texts}_title`) and help. */
function FormCard({
  texts,
  sx,
  children,
}: {
  texts: 'send' | 'announcement';
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card sx={sx}>
      <CardContent>
        <Typography component="h2" variant="h6">
          {translate(`${M}.${texts}_title`)}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate(`${M}.${texts}_help`)}</Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * Messages (issue 13, ADR 029): an `admin_message` notification to one student, a grade, a
 * course's students or everyone; and the general announcement. Admins only (the server
 * refuses a leader too).
 */
export function MessagesScreen() {
  const translate = useTranslate();
  const role = useRole();
  if (role === undefined) return <Loading />;
  return (
    <Box sx={{ mt: 2, maxWidth: 800 }}>
      <Title title={translate(`${M}.title`)} />
      {role !== 'admin' ? (
        <Alert severity="warning">{translate(`${M}.admin_only`)}</Alert>
      ) : (
        <>
          <FormCard texts="send" sx={{ mb: 3 }}>
            <MessageForm />
          </FormCard>
          <FormCard texts="announcement">
            <AnnouncementForm />
          </FormCard>
        </>
      )}
    </Box>
  );
}

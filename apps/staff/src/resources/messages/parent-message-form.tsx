import {
  AutocompleteInput,
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
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import type { z } from 'zod';
import {
  PARENT_AUDIENCES,
  type staffParentMessageBodySchema,
  type StaffStudent,
} from '@dars/contract';
import { messageCalls } from '../../data/message-calls';
import { useRole } from '../../components/use-role';
import { failureOf } from '../../data/failure';

// A message from staff to the parents of one student, a grade or a course (issue 28, ADR 053).

const S = 'dars.phone.send';
type FieldErrors = Record<string, string>;
type Body = z.input<typeof staffParentMessageBodySchema>;
const TARGETS = { student: 'student_id', grade: 'grade_id', course: 'course_id' } as const;

/** The body the contract's staffSendParentMessage takes: the audience's own id only. */
export function parentMessageBody(values: Record<string, unknown>): Body {
  const audience = values.audience as Body['audience'];
  const body: Body = { audience, content: String(values.content ?? '') };
  const target = TARGETS[audience];
  if (values[target] !== undefined && values[target] !== null)
    body[target] = Number(values[target]);
  if (values.channel === 'whatsapp' || values.channel === 'sms') body.channel = values.channel;
  return body;
}

/** The one input the chosen audience needs: a student, a grade or a course. */
function AudienceTarget() {
  const translate = useTranslate();
  const audience = useWatch({ name: 'audience' }) as string | undefined;
  if (audience === 'grade')
    return (
      <ReferenceInput
        source="grade_id"
        reference="grades"
        sort={{ field: 'position', order: 'ASC' }}
      >
        <SelectInput label={translate(`${S}.grade_id`)} optionText="name" validate={required()} />
      </ReferenceInput>
    );
  if (audience === 'course')
    return (
      <ReferenceInput source="course_id" reference="courses">
        <AutocompleteInput
          label={translate(`${S}.course_id`)}
          optionText="name"
          validate={required()}
          fullWidth
        />
      </ReferenceInput>
    );
  return (
    <ReferenceInput source="student_id" reference="students">
      <AutocompleteInput
        label={translate(`${S}.student_id`)}
        optionText={(r: StaffStudent) => `${r.name} — ${r.phone}`}
        validate={required()}
        fullWidth
      />
    </ReferenceInput>
  );
}

/** The form: audience, its target, the channel and the text; then back to the list. */
export function ParentMessageCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const role = useRole();
  if (role === undefined) return <Loading />;
  const submit = async (values: Record<string, unknown>): Promise<FieldErrors | undefined> => {
    try {
      const { data } = await messageCalls.sendToParents(parentMessageBody(values));
      notify(translate(`${S}.done`, data), { type: 'success' });
      redirect('list', 'phone-messages');
      return undefined;
    } catch (e) {
      const { status, fields, message } = failureOf(e);
      if (status === 422 && fields && !fields.audience) return fields;
      notify(message, { type: 'error' });
      return undefined;
    }
  };
  return (
    <Box sx={{ mt: 2, maxWidth: 800 }}>
      <Title title={translate(`${S}.title`)} />
      {role !== 'admin' ? (
        <Alert severity="warning">{translate(`${S}.admin_only`)}</Alert>
      ) : (
        <Card>
          <CardContent>
            <Typography component="h2" variant="h6">
              {translate(`${S}.title`)}
            </Typography>
            <Typography sx={{ mb: 2 }}>{translate(`${S}.help`)}</Typography>
            <Form onSubmit={submit} defaultValues={{ audience: 'student', channel: 'default' }}>
              <RadioButtonGroupInput
                source="audience"
                label={translate(`${S}.audience`)}
                choices={PARENT_AUDIENCES.map((id) => ({ id, name: `${S}.audiences.${id}` }))}
              />
              <AudienceTarget />
              <RadioButtonGroupInput
                source="channel"
                label={translate(`${S}.channel`)}
                choices={(['default', 'whatsapp', 'sms'] as const).map((id) => ({
                  id,
                  name: `${S}.channels.${id}`,
                }))}
              />
              <TextInput
                source="content"
                label={translate(`${S}.content`)}
                helperText={translate(`${S}.content_help`)}
                validate={required()}
                multiline
                minRows={4}
                fullWidth
              />
              <SaveButton label={translate(`${S}.submit`)} icon={<span />} alwaysEnable />
            </Form>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { supportReplyBodySchema } from '@dars/contract';
import { mirrorInRtl } from '../../../components/mirror-in-rtl';
import { fieldErrorsOf, serverFieldErrors, serverMessage } from '../../../lib/form-errors';
import { tm } from '../../../i18n/ar-messages';

type SendState = 'idle' | 'sending' | 'sent';

/**
 * The box a sender replies in: a labelled text area and a send button that shows it is busy;
 * what happens is said in a polite live region (sending, sent), a failure in an alert, in
 * Arabic (the server's own message for a 409 on a ticket closed meanwhile, a 429 or a 422).
 * `send` resolves when the server has the reply; the box is then empty again.
 */
export function ReplyBox({ send }: { send: (content: string) => Promise<unknown> }) {
  const id = useId();
  const [content, setContent] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [state, setState] = useState<SendState>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'sending') return;
    const parsed = supportReplyBodySchema.safeParse({ content });
    if (!parsed.success) {
      setFieldError(fieldErrorsOf(parsed.error).content ?? null);
      return;
    }
    setFieldError(null);
    setFailure(null);
    setState('sending');
    try {
      await send(parsed.data.content);
      setContent('');
      setState('sent');
    } catch (error) {
      setState('idle');
      const field = serverFieldErrors(error).content;
      if (field) setFieldError(field);
      else setFailure(serverMessage(error, tm('conversation.sendFailed')));
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={1.5}>
      <TextField
        id={`${id}-reply`}
        label={tm('conversation.replyLabel')}
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          setFieldError(null);
          if (state === 'sent') setState('idle');
        }}
        error={fieldError !== null}
        helperText={fieldError ?? undefined}
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { dir: 'auto' } }}
      />
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap' }}
      >
        <Typography
          role="status"
          aria-live="polite"
          variant="body2"
          color={state === 'sent' ? 'success.dark' : 'text.secondary'}
          sx={{ minHeight: 24 }}
        >
          {state === 'sending'
            ? tm('conversation.sending')
            : state === 'sent'
              ? tm('conversation.sent')
              : ''}
        </Typography>
        <Button
          type="submit"
          variant="contained"
          loading={state === 'sending'}
          endIcon={<SendOutlinedIcon sx={mirrorInRtl} />}
          sx={{ minWidth: 140 }}
        >
          {tm('conversation.send')}
        </Button>
      </Stack>
    </Stack>
  );
}

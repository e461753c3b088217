import type { ReactNode } from 'react';
import { Box, Button, DialogActions, DialogContent, Stack } from '@mui/material';
import { MessageBar, type Message } from '../../../components/message-bar';
import { tw } from '../../../i18n/ar-wallet';

/**
 * The body of a wallet dialog as one form: its fields under the message bar (the outcome of
 * the last attempt), and its buttons; Enter sends it like its submit button.
 * @example <DialogForm onSubmit={send} message={message} actions={<Button type="submit">…</Button>}>{fields}</DialogForm>
 */
export function DialogForm({
  onSubmit,
  message,
  actions,
  children,
}: {
  onSubmit: () => unknown;
  message: Message | null;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      // A flex column, so a long form scrolls inside DialogContent and its buttons stay in view.
      sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2}>
          <MessageBar message={message} />
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>{actions}</DialogActions>
    </Box>
  );
}

/**
 * Back from a checkout (step 1) to the amount and method (step 0).
 * @example <BackButton onBack={back} busy={pending} />
 */
export function BackButton({ onBack, busy }: { onBack: () => void; busy: boolean }) {
  return (
    <Button onClick={onBack} disabled={busy} color="inherit">
      {tw('recharge.back')}
    </Button>
  );
}

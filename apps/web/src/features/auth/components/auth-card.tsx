import type { FormEvent, ReactNode } from 'react';
import { Container, Paper, Stack, Typography } from '@mui/material';

/**
 * The frame of the account screens (login, register, reset, confirm): a titled sheet with
 * a lead line and a form that never lets the browser validate in English.
 * @example <AuthCard title={t('auth.loginTitle')} lead={…} onSubmit={submit}>…</AuthCard>
 */
export function AuthCard({
  title,
  lead,
  onSubmit,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  onSubmit: () => void;
  children: ReactNode;
  /** Links under the form (to register, to login…). */
  footer?: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }}>
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 0, sm: 4 },
          borderRadius: 3,
          border: { xs: 'none', sm: '1px solid' },
          borderColor: { sm: 'divider' },
        }}
      >
        <Stack spacing={1} sx={{ mb: 3 }}>
          <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}>
            {title}
          </Typography>
          {lead && (
            <Typography color="text.secondary" sx={{ lineHeight: 1.8 }}>
              {lead}
            </Typography>
          )}
        </Stack>
        <Stack component="form" noValidate onSubmit={submit} spacing={2.25}>
          {children}
        </Stack>
        {footer && (
          <Stack spacing={1} sx={{ mt: 3, alignItems: 'center', textAlign: 'center' }}>
            {footer}
          </Stack>
        )}
      </Paper>
    </Container>
  );
}

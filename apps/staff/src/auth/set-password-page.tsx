import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link,
  TextField,
  Typography,
} from '@mui/material';
import {
  PASSWORD_MIN_LENGTH,
  VALIDATION_MESSAGES,
  staffEndpoints,
  type StaffMemberRole,
} from '@dars/contract';
import { callStaff } from '../data/http';
import { session } from '../data/token';
import { INVITATION_TEXTS } from './invitation-texts';

/** Where the console starts once signed in: a fresh page load, so nothing of before lingers. */
export const consoleHome = {
  open: () => window.location.assign(import.meta.env.BASE_URL),
};

type Invited = { name: string; email: string; role: StaffMemberRole };

/** The server's refusal (an HttpError's message), or the page's own. */
const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : INVITATION_TEXTS.failed;

/** A password box with its own label, error and helper (MUI's, so a screen reader hears all). */
function PasswordField({
  label,
  value,
  onChange,
  error,
  helper,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  helper?: string;
}) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helper}
      fullWidth
      margin="normal"
      slotProps={{ htmlInput: { dir: 'ltr' } }}
    />
  );
}

/**
 * The page an invitation's link opens (ADR 048): `/staff/set-password#<token>`, outside the
 * console's sign-in. It says whose invitation it is, takes a new password twice, and the
 * server signs the account in: the console then opens at its home, as after a sign-in.
 */
export function SetPasswordPage() {
  const token = useLocation().hash.replace(/^#/, '');
  const [invited, setInvited] = useState<Invited | null>(null);
  const [problem, setProblem] = useState<string | null>(token ? null : INVITATION_TEXTS.invalid);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<{ password?: string; again?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    let live = true;
    callStaff(staffEndpoints.staffCheckInvitation, { body: { token } }).then(
      (answer) => live && setInvited(answer.data),
      (error: unknown) => live && setProblem(messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (password.length < PASSWORD_MIN_LENGTH) found.password = VALIDATION_MESSAGES.passwordMin;
    else if (again !== password) found.again = VALIDATION_MESSAGES.passwordConfirmation;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await callStaff(staffEndpoints.staffAcceptInvitation, {
        body: { token, password },
      });
      session.save(answer.data.token, answer.data.user);
      // A fresh start of the console, signed in: its home, as after a sign-in.
      consoleHome.open();
    } catch (error) {
      const fields = (error as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (fields?.password) setErrors({ password: fields.password });
      else setProblem(messageOf(error));
      setBusy(false);
    }
  }

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 3 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
            {INVITATION_TEXTS.title}
          </Typography>
          {problem ? (
            <>
              <Alert severity="error" sx={{ my: 2 }}>
                {problem}
              </Alert>
              <Link component={RouterLink} to="/login">
                {INVITATION_TEXTS.toLogin}
              </Link>
            </>
          ) : !invited ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
              <CircularProgress aria-label={INVITATION_TEXTS.checking} />
            </Box>
          ) : (
            <form onSubmit={submit} noValidate>
              <Typography>{INVITATION_TEXTS.hello.replace('%{name}', invited.name)}</Typography>
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {INVITATION_TEXTS.signsInAs}
              </Typography>
              {/* On a line of its own, left to right (its end is the page's start), so a long address never breaks at its hyphen. */}
              <Typography
                dir="ltr"
                sx={{ fontWeight: 700, textAlign: 'end', overflowWrap: 'anywhere' }}
              >
                {invited.email}
              </Typography>
              <PasswordField
                label={INVITATION_TEXTS.password}
                value={password}
                onChange={setPassword}
                error={errors.password}
                helper={INVITATION_TEXTS.passwordHelp}
              />
              <PasswordField
                label={INVITATION_TEXTS.again}
                value={again}
                onChange={setAgain}
                error={errors.again}
              />
              <Button
                type="submit"
                variant="contained"
                fullWidth
                disabled={busy}
                sx={{ mt: 2 }}
                startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {INVITATION_TEXTS.submit}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

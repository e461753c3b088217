import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Container,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { useSession } from '../../../lib/session-context';
import { t } from '../../../i18n/t';
import { useProfile } from '../api/get-profile';
import { AvatarUpload } from './avatar-upload';
import { ChangePasswordForm } from './change-password-form';
import { ProfileDetailsForm } from './profile-details-form';
import { QrCodeDialog } from './qr-code-dialog';
import { DevicesSection } from './devices-section';
import { SignOutEverywhere } from './sign-out-everywhere';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 3 }, borderRadius: 2 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function InfoRow({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        dir="ltr"
        sx={{ m: 0, fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere', textAlign: 'end' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The profile (spec §2): avatar upload, id, e-mail and phone as they are, the editable
 * name and grade, the password change, the devices signed in (ADR 051) and signing out on
 * every device, and the QR code when
 * the account has one. An incomplete profile is told so here, where the guards keep the
 * user (spec §4).
 */
export function ProfilePage() {
  const session = useSession();
  const profile = useProfile(session.user);
  const [qrOpen, setQrOpen] = useState(false);
  const user = profile.data;

  if (!user) {
    return (
      <Container maxWidth="md" sx={{ py: 6, display: 'grid', placeItems: 'center' }}>
        {profile.isError ? (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <Alert severity="error">{t('profile.loadFailed')}</Alert>
            <Button onClick={() => void profile.refetch()}>{t('app.retry')}</Button>
          </Stack>
        ) : (
          <CircularProgress aria-label={t('profile.title')} />
        )}
      </Container>
    );
  }

  // The session's user is the truth for the guards; it is what a save updates.
  const incomplete = (session.user ?? user).profile_not_completed;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2.5, md: 4 } }}>
      <Typography
        component="h1"
        variant="h4"
        sx={{ mb: 2, fontSize: { xs: '1.6rem', md: '2rem' } }}
      >
        {t('profile.title')}
      </Typography>
      <Stack spacing={2.5}>
        {incomplete && (
          <Alert severity="warning" role="alert">
            {t('profile.incomplete')}
          </Alert>
        )}
        {profile.isError && <Alert severity="error">{t('profile.loadFailed')}</Alert>}
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 2 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={3}
            sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            <AvatarUpload user={user} />
            <Box component="dl" sx={{ flex: 1, m: 0, minWidth: 0 }}>
              <InfoRow label={t('profile.id')} value={String(user.id)} />
              <InfoRow label={t('profile.email')} value={user.email} />
              <InfoRow label={t('profile.phone')} value={user.phone} />
            </Box>
          </Stack>
          {user.profile_qr_code && (
            <Button
              variant="outlined"
              startIcon={<QrCode2Icon />}
              onClick={() => setQrOpen(true)}
              sx={{ mt: 2 }}
            >
              {t('profile.qrOpen')}
            </Button>
          )}
        </Paper>
        <Section title={t('profile.detailsTitle')}>
          <ProfileDetailsForm key={`${user.id}:${user.name}:${user.grade?.id ?? ''}`} user={user} />
        </Section>
        <Section title={t('profile.passwordTitle')}>
          <ChangePasswordForm />
        </Section>
        <Section title={t('profile.sessionsTitle')}>
          <Stack spacing={3}>
            <DevicesSection />
            <SignOutEverywhere />
          </Stack>
        </Section>
      </Stack>
      {user.profile_qr_code && (
        <QrCodeDialog
          open={qrOpen}
          value={user.profile_qr_code}
          userName={user.name}
          centerName={user.center_name}
          onClose={() => setQrOpen(false)}
        />
      )}
    </Container>
  );
}

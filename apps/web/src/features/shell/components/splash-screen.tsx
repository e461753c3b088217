import { Box, CircularProgress, Typography } from '@mui/material';
import { BrandLogo } from '../../../components/brand-logo';
import { t } from '../../../i18n/t';

/** The branded screen shown while the app starts (spec §4), covering the page. */
export function SplashScreen() {
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={t('app.loading')}
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        color: 'common.white',
        // The school's primary colour, deepening (ADR 049).
        background: (theme) =>
          `linear-gradient(160deg, ${theme.palette.primary.main} 0%, ${theme.palette.primary.dark} 100%)`,
      }}
    >
      <BrandLogo size="large" inverse />
      <Typography sx={{ opacity: 0.85 }}>{t('app.tagline')}</Typography>
      <CircularProgress color="inherit" size={28} thickness={4} aria-hidden />
    </Box>
  );
}

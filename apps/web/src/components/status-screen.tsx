import type { ReactNode } from 'react';
import { alpha } from '@mui/material/styles';
import { Box, Stack, Typography } from '@mui/material';

/**
 * A full-height message with an illustration, a title, a body and actions: used for the
 * start-up errors, maintenance, forced update and not-found.
 * @example <StatusScreen icon={<WifiOffIcon />} title={t('app.settingsFailed')} actions={<Button>…</Button>} />
 */
export function StatusScreen({
  icon,
  overline,
  title,
  body,
  actions,
  fullScreen = false,
  role,
}: {
  icon: ReactNode;
  /** A short mark above the title, such as the 404 of the not-found page. */
  overline?: string;
  title: string;
  body?: string;
  actions?: ReactNode;
  /** Fill the viewport (before the shell exists) instead of the page area. */
  fullScreen?: boolean;
  role?: 'alert' | 'status';
}) {
  return (
    <Box
      role={role}
      sx={{
        minHeight: fullScreen ? '100dvh' : '60vh',
        display: 'grid',
        placeItems: 'center',
        px: 3,
        py: 6,
        bgcolor: fullScreen ? 'background.default' : undefined,
      }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 480 }}>
        <Box
          aria-hidden
          sx={{
            width: 112,
            height: 112,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
            color: 'primary.main',
            '& svg': { fontSize: 56 },
          }}
        >
          {icon}
        </Box>
        {overline && (
          <Typography
            aria-hidden
            sx={{
              fontSize: '3rem',
              fontWeight: 700,
              lineHeight: 1,
              color: 'primary.main',
              letterSpacing: 4,
            }}
          >
            {overline}
          </Typography>
        )}
        <Typography component="h1" variant="h5">
          {title}
        </Typography>
        {body && (
          <Typography color="text.secondary" sx={{ lineHeight: 1.9 }}>
            {body}
          </Typography>
        )}
        {actions && (
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ pt: 1, flexWrap: 'wrap', justifyContent: 'center' }}
          >
            {actions}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

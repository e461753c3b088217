import { Box, Typography } from '@mui/material';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { t } from '../../../i18n/t';

/**
 * The orange bar of an unconfirmed e-mail (spec §4). The guards keep such a user on
 * /confirm, so the bar needs no link of its own.
 */
export function UnconfirmedEmailBar() {
  return (
    <Box
      role="status"
      sx={{
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
        px: { xs: 2, md: 3 },
        py: 1,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
      }}
    >
      <MarkEmailUnreadOutlinedIcon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('auth.unconfirmedBar')}
      </Typography>
    </Box>
  );
}

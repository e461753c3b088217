import { useId } from 'react';
import { Link } from 'react-router';
import { Button, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { t } from '../../../i18n/t';

/**
 * The iOS app's welcome (spec §2 "Welcome"): a dialog over the welcome page with login, new
 * account, browse courses and help. It has no close button: each choice leaves the page.
 */
export function NativeWelcomeDialog() {
  const titleId = useId();
  return (
    <Dialog open aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId} sx={{ textAlign: 'center', fontWeight: 700 }}>
        {t('routes.welcome')}
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ textAlign: 'center', mb: 2 }} color="text.secondary">
          {t('welcome.headline')}
        </Typography>
        <Stack spacing={1.5}>
          <Button component={Link} to="/login" variant="contained" size="large">
            {t('nav.login')}
          </Button>
          <Button component={Link} to="/register" variant="outlined" size="large">
            {t('nav.register')}
          </Button>
          <Button component={Link} to="/courses" variant="outlined" size="large">
            {t('myCourses.browse')}
          </Button>
          <Button component={Link} to="/help" color="inherit" size="large">
            {t('nav.help')}
          </Button>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

import { Box, Typography } from '@mui/material';
import { Login, LoginForm } from 'react-admin';
import { consoleSchool, consoleTitle } from '../school';

/**
 * The console's sign-in in the school's name (ADR 049): react-admin's page and form, its logo
 * (the one for light backgrounds) in place of the lock where the school uploaded one, and
 * «لوحة إدارة» with its name as the page's heading.
 */
export function StaffLoginPage() {
  const logo = consoleSchool().logo_light;
  return (
    <Login
      avatarIcon={
        logo ? (
          <Box
            component="img"
            src={logo}
            alt=""
            sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : undefined
      }
    >
      <Typography
        component="h1"
        variant="h6"
        sx={{ textAlign: 'center', fontWeight: 700, px: 2, mt: 1 }}
      >
        {consoleTitle()}
      </Typography>
      <LoginForm />
    </Login>
  );
}

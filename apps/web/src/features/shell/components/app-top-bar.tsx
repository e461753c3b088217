import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { AppBar, Box, Button, IconButton, Stack, Toolbar } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MenuIcon from '@mui/icons-material/Menu';
import { BrandLogo } from '../../../components/brand-logo';
import { mirrorInRtl } from '../../../components/mirror-in-rtl';
import { t } from '../../../i18n/t';
import { PhoneSearchBox } from './phone-search-box';
import { pageSchool } from '../../../lib/page-school';

function useGoBack() {
  const navigate = useNavigate();
  return () => {
    // React Router numbers its history entries; on the first one there is nothing to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/', { replace: true });
  };
}

function GuestActions() {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button component={Link} to="/courses" color="inherit">
        {t('nav.courses')}
      </Button>
      <Button component={Link} to="/login" variant="outlined">
        {t('nav.login')}
      </Button>
      <Button component={Link} to="/register" variant="contained">
        {t('nav.register')}
      </Button>
    </Stack>
  );
}

/**
 * The top bar (spec §2): menu, optional back button, brand, and on phones a course search;
 * guests on desktop get courses / login / new account buttons, signed-in users the
 * notifications bell and their menu.
 */
export function AppTopBar({
  signedIn,
  showMenuButton,
  showSearch,
  backButton,
  onMenuClick,
  accountActions,
}: {
  signedIn: boolean;
  showMenuButton: boolean;
  showSearch: boolean;
  backButton: boolean;
  onMenuClick: () => void;
  /** The signed-in user's bell and menu. */
  accountActions?: ReactNode;
}) {
  const goBack = useGoBack();
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{
        borderBottom: '1px solid',
        borderColor: 'divider',
        bgcolor: 'rgba(255,255,255,0.92)',
        backdropFilter: 'blur(8px)',
      }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, md: 1.5 }, px: { xs: 1.5, md: 3 } }}>
        {showMenuButton && (
          <IconButton edge="start" aria-label={t('nav.openMenu')} onClick={onMenuClick}>
            <MenuIcon />
          </IconButton>
        )}
        {backButton && (
          <IconButton aria-label={t('nav.back')} onClick={goBack}>
            <ArrowBackIcon sx={mirrorInRtl} />
          </IconButton>
        )}
        <Box
          component={Link}
          to={signedIn ? '/home' : '/'}
          aria-label={t('nav.brandHome', { name: pageSchool().name })}
          sx={{
            display: 'inline-flex',
            textDecoration: 'none',
            flexShrink: 0,
            mx: 0.5,
            borderRadius: 2,
          }}
        >
          <BrandLogo />
        </Box>
        {/* Both layouts are in the HTML and the stylesheet picks one, so a page the server
            rendered is already the phone's before any script runs (issue 24). */}
        {showSearch && (
          <Box sx={{ display: { xs: 'flex', md: 'none' }, flex: 1, minWidth: 0 }}>
            <PhoneSearchBox />
          </Box>
        )}
        <Box sx={{ flex: 1, display: showSearch ? { xs: 'none', md: 'block' } : 'block' }} />
        {!signedIn && (
          <Box sx={{ display: { xs: 'none', md: 'flex' } }}>
            <GuestActions />
          </Box>
        )}
        {accountActions}
      </Toolbar>
    </AppBar>
  );
}

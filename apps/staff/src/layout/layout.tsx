import type { ReactNode } from 'react';
import {
  AppBar,
  Layout,
  RefreshIconButton,
  Sidebar,
  TitlePortal,
  useGetIdentity,
  useLoading,
  UserMenu,
  type SidebarProps,
} from 'react-admin';
import { Box, CircularProgress, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { StaffMenu } from './menu';
import { consoleTitle } from '../school';

/**
 * The account menu: from sm up it shows the staff member's name, so its name holds it (WCAG
 * 2.5.3); a phone shows an icon only, and react-admin translates that button's label with an
 * English fallback («Profile») unless it is a catalogue key, so it gets the key.
 */
function StaffUserMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const label = translate('ra.auth.user_menu');
  return (
    <UserMenu
      label={wide && identity?.fullName ? `${label}: ${identity.fullName}` : 'ra.auth.user_menu'}
    />
  );
}

/**
 * The bar's refresh button and, while a call runs, a spinner in its place, as react-admin's
 * LoadingIndicator draws them, but with the spinner named («جار التحميل»): react-admin's has
 * no name, and a screen reader announced a nameless progress bar (axe, aria-progressbar-name).
 */
export function StaffLoadingIndicator() {
  const translate = useTranslate();
  const loading = useLoading();
  return (
    <Box sx={{ position: 'relative' }}>
      <RefreshIconButton sx={loading ? { opacity: 0 } : undefined} />
      {loading && (
        <CircularProgress
          aria-label={translate('ra.page.loading')}
          color="inherit"
          size={16}
          thickness={6}
          sx={{ position: 'absolute', top: '30%', left: '30%' }}
        />
      )}
    </Box>
  );
}

function StaffAppBar() {
  return (
    <AppBar color="primary" userMenu={<StaffUserMenu />} toolbar={<StaffLoadingIndicator />}>
      {/* The console's name, from sm up: on a phone it left the page's title half a bar,
          which cut «سجل التغييرات» to «سجل التغيير». */}
      <Typography
        component="span"
        variant="h6"
        sx={{ display: { xs: 'none', sm: 'inline' }, marginInlineEnd: 2, fontWeight: 700 }}
      >
        {consoleTitle()}
      </Typography>
      <TitlePortal />
    </AppBar>
  );
}

/** The menu's drawer, named for screen readers (on a phone it opens as a dialog). */
function StaffSidebar(props: SidebarProps) {
  const translate = useTranslate();
  return (
    <Sidebar
      {...props}
      slotProps={{ paper: { 'aria-label': translate('dars.menu.title') } as object }}
    />
  );
}

/**
 * react-admin's layout root is `min-width: fit-content`, so on a phone one wide line (a row of
 * scrollable tabs) widened the page past the screen: the browser then zoomed the whole page
 * out and, in RTL, pushed the bar and dialogs aside. Below the desktop breakpoint the page is
 * the screen's width (the root and the content column, a flex item, may shrink below their
 * content) and wide parts scroll inside it.
 */
const LAYOUT_SX = {
  minWidth: { xs: 0, md: 'fit-content' },
  '& .RaLayout-content': { minWidth: { xs: 0, md: 'auto' } },
};

/** react-admin's layout with the console's bar and role-aware menu. */
export function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={StaffAppBar} menu={StaffMenu} sidebar={StaffSidebar} sx={LAYOUT_SX}>
      {children}
    </Layout>
  );
}

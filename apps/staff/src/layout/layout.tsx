import type { ReactNode } from 'react';
import {
  AppBar,
  Layout,
  Sidebar,
  TitlePortal,
  useGetIdentity,
  UserMenu,
  type SidebarProps,
} from 'react-admin';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { StaffMenu } from './menu';

/** The account menu: its name holds the staff member's name it shows (WCAG 2.5.3). */
function StaffUserMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const label = translate('ra.auth.user_menu');
  return <UserMenu label={identity?.fullName ? `${label}: ${identity.fullName}` : label} />;
}

function StaffAppBar() {
  const translate = useTranslate();
  return (
    <AppBar color="primary" userMenu={<StaffUserMenu />}>
      <Typography component="span" variant="h6" sx={{ marginInlineEnd: 2, fontWeight: 700 }}>
        {translate('dars.title')}
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

/** react-admin's layout with the console's bar and role-aware menu. */
export function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={StaffAppBar} menu={StaffMenu} sidebar={StaffSidebar}>
      {children}
    </Layout>
  );
}

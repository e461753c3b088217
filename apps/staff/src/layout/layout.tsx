import type { ReactNode } from 'react';
import { AppBar, Layout, Sidebar, TitlePortal, type SidebarProps } from 'react-admin';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { StaffMenu } from './menu';

function StaffAppBar() {
  const translate = useTranslate();
  return (
    <AppBar color="primary">
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

import type { ReactNode } from 'react';
import { AppBar, Layout, TitlePortal } from 'react-admin';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { StaffMenu } from './menu';

function StaffAppBar() {
  const translate = useTranslate();
  return (
    <AppBar>
      <Typography component="span" variant="h6" sx={{ marginInlineEnd: 2, fontWeight: 700 }}>
        {translate('dars.title')}
      </Typography>
      <TitlePortal />
    </AppBar>
  );
}

/** react-admin's layout with the console's bar and role-aware menu. */
export function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={StaffAppBar} menu={StaffMenu}>
      {children}
    </Layout>
  );
}

import { Link, useLocation } from 'react-router';
import { BottomNavigation, BottomNavigationAction, Paper } from '@mui/material';
import { useAppSettings } from '../../../lib/app-settings-context';
import { t } from '../../../i18n/t';
import { bottomBarItems } from '../lib/nav-items';
import { NavIcon } from './nav-icon';

/** Height of the bar, reserved at the bottom of the page while it is shown. */
export const BOTTOM_BAR_HEIGHT = 64;

/**
 * The phone bottom bar of a signed-in user (spec §2). Every label is shown whole on one
 * line down to a 360 px phone; the current one is marked by colour, not by a larger size
 * that would push its neighbours.
 */
export function BottomBar() {
  const settings = useAppSettings();
  const { pathname } = useLocation();
  const items = bottomBarItems(settings);
  const current =
    items.find((i) => pathname === i.to || pathname.startsWith(`${i.to}/`))?.to ?? false;

  return (
    <Paper
      component="nav"
      aria-label={t('nav.bottomNavigation')}
      elevation={8}
      sx={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation value={current} sx={{ height: BOTTOM_BAR_HEIGHT }}>
        {items.map((item) => (
          <BottomNavigationAction
            key={item.id}
            component={Link}
            to={item.to}
            value={item.to}
            label={t(`nav.${item.id}`)}
            showLabel
            icon={<NavIcon id={item.id} />}
            sx={{
              // Sized by their labels, then sharing what is left: «الملف الشخصي» needs more
              // room than «دوراتي», and equal sixths of a 360 px phone would cut it.
              flex: '1 1 auto',
              minWidth: 0,
              px: 0.5,
              '& .MuiBottomNavigationAction-label, & .MuiBottomNavigationAction-label.Mui-selected':
                { fontSize: '0.7rem', whiteSpace: 'nowrap' },
            }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}

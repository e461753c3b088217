import { NavLink } from 'react-router';
import {
  Box,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { DRAWER_WIDTH } from '@dars/contract/plain';
import { BrandLogo } from '../../../components/brand-logo';
import { useAppSettings } from '../../../lib/app-settings-context';
import { t } from '../../../i18n/t';
import { drawerItems } from '../lib/nav-items';
import { NavIcon } from './nav-icon';

/**
 * The navigation drawer (spec §2), at the inline start of the page. `permanent` docks it
 * beside the content (signed-in desktop); otherwise it slides over the page, and is not
 * rendered while closed: on a phone's first load it would be a whole hidden menu to style
 * and lay out before the page itself.
 */
export function AppDrawer({
  signedIn,
  variant,
  open,
  onClose,
}: {
  signedIn: boolean;
  variant: 'permanent' | 'temporary';
  open: boolean;
  onClose: () => void;
}) {
  const settings = useAppSettings();
  const items = drawerItems(signedIn, settings);
  const closeIfTemporary = variant === 'temporary' ? onClose : undefined;

  return (
    <Box sx={{ width: variant === 'permanent' ? DRAWER_WIDTH : 0, flexShrink: 0 }}>
      <Drawer
        variant={variant}
        // MUI flips a horizontal anchor with the theme direction: 'left' is the inline
        // start, which is the right side of this RTL page.
        anchor="left"
        open={variant === 'permanent' || open}
        onClose={onClose}
        slotProps={{
          paper: {
            // The temporary drawer's paper is a dialog, which needs a name; the docked one's
            // is a plain box, where a label is not allowed.
            ...(variant === 'temporary' && { 'aria-label': t('nav.mainNavigation') }),
            sx: { width: DRAWER_WIDTH, borderInlineEnd: '1px solid', borderColor: 'divider' },
          },
        }}
      >
        <Box sx={{ px: 2.5, py: 2.5 }}>
          <BrandLogo />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('app.tagline')}
          </Typography>
        </Box>
        <Divider />
        {/* Inside the paper: a temporary drawer is portalled out of the page's layout. */}
        <Box component="nav" aria-label={t('nav.mainNavigation')}>
          <List sx={{ px: 1.5, py: 1 }}>
            {items.map((item) => (
              <ListItem key={item.id} disablePadding sx={{ mb: 0.5 }}>
                <ListItemButton
                  component={NavLink}
                  to={item.to}
                  end
                  onClick={closeIfTemporary}
                  sx={{
                    borderRadius: 1.5,
                    '&.active': {
                      bgcolor: 'rgba(31,79,163,0.1)',
                      color: 'primary.main',
                      '& svg': { color: 'primary.main' },
                    },
                  }}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <NavIcon id={item.id} />
                  </ListItemIcon>
                  <ListItemText
                    primary={t(`nav.${item.id}`)}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
      </Drawer>
    </Box>
  );
}

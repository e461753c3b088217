import { NavLink } from 'react-router';
import {
  Box,
  Divider,
  Drawer,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { DRAWER_WIDTH } from '@dars/contract';
import { BrandLogo } from '../../../components/brand-logo';
import { useAppSettings } from '../../../lib/app-settings-context';
import { t } from '../../../i18n/t';
import { drawerItems } from '../lib/nav-items';
import { NavIcon } from './nav-icon';

/**
 * The navigation drawer (spec §2), at the inline start of the page. `permanent` docks it
 * beside the content (signed-in desktop); otherwise it slides over the page.
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
    <Box
      component="nav"
      aria-label={t('nav.mainNavigation')}
      sx={{ width: variant === 'permanent' ? DRAWER_WIDTH : 0, flexShrink: 0 }}
    >
      <Drawer
        variant={variant}
        // MUI flips a horizontal anchor with the theme direction: 'left' is the inline
        // start, which is the right side of this RTL page.
        anchor="left"
        open={variant === 'permanent' || open}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{
          paper: {
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
        <List sx={{ px: 1.5, py: 1 }}>
          {items.map((item) => (
            <ListItemButton
              key={item.id}
              component={NavLink}
              to={item.to}
              end
              onClick={closeIfTemporary}
              sx={{
                borderRadius: 1.5,
                mb: 0.5,
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
          ))}
        </List>
      </Drawer>
    </Box>
  );
}

import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { mirrorInRtl } from '../../../components/mirror-in-rtl';
import { useSession } from '../../../lib/session-context';
import { t } from '../../../i18n/t';
import { useLogout } from '../api/logout';

/**
 * The signed-in user's menu in the top bar (spec §2): profile, «رسائلي» (issue 24), support, and logout behind a
 * confirm dialog. Logout asks the server to revoke the token, then ends the session here
 * whatever the answer (spec §4).
 */
export function UserMenu() {
  const { user, signOut } = useSession();
  const logout = useLogout();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label={t('account.menu')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar
          src={user?.avatar ?? undefined}
          alt=""
          sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: '1rem' }}
        >
          {user?.name.trim().charAt(0) || <PersonOutlinedIcon fontSize="small" />}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 0.5 } } }}
      >
        {user && (
          <Box sx={{ px: 2, py: 1 }} aria-hidden>
            <Typography sx={{ fontWeight: 700 }} noWrap>
              {user.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" dir="ltr" noWrap>
              {user.email}
            </Typography>
          </Box>
        )}
        {user && <Divider />}
        <MenuItem component={RouterLink} to="/profile" onClick={close}>
          <ListItemIcon>
            <PersonOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t('account.profile')}
        </MenuItem>
        <MenuItem component={RouterLink} to="/messages" onClick={close}>
          <ListItemIcon>
            <ForumOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t('account.messages')}
        </MenuItem>
        <MenuItem component={RouterLink} to="/help" onClick={close}>
          <ListItemIcon>
            <SupportAgentOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t('account.support')}
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setConfirming(true);
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <LogoutIcon fontSize="small" sx={mirrorInRtl} />
          </ListItemIcon>
          {t('account.logout')}
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirming}
        title={t('account.logoutTitle')}
        body={t('account.logoutBody')}
        confirmLabel={t('account.logout')}
        cancelLabel={t('common.cancel')}
        confirmColor="error"
        busy={logout.isPending}
        onConfirm={() => logout.mutate(undefined, { onSettled: signOut })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

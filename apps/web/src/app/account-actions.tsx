import { Stack } from '@mui/material';
import { UserMenu } from '../features/auth/components/user-menu';
import { NotificationsBell } from '../features/notifications/components/notifications-bell';

/**
 * The signed-in user's part of the top bar: the notifications bell and the user menu. Its
 * own chunk, so guests never load it.
 */
export default function AccountActions() {
  return (
    <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', flexShrink: 0 }}>
      <NotificationsBell />
      <UserMenu />
    </Stack>
  );
}

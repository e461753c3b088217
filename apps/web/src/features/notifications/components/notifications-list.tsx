import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  List,
  ListItem,
  ListItemButton,
  Stack,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import type { Notification } from '@dars/contract';
import { NOTIFICATIONS_INITIAL_COUNT, RELATIVE_TIME_REFRESH_MS } from '@dars/contract/plain';
import { formatRelativeTime } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { t } from '../../../i18n/t';
import { NotificationIcon } from './notification-icon';

function NotificationBody({
  notification,
  unread,
  now,
}: {
  notification: Notification;
  unread: boolean;
  now: number;
}) {
  const { title, content } = notification.data;
  return (
    <Stack direction="row" spacing={1.5} sx={{ width: '100%', alignItems: 'flex-start' }}>
      <Box
        aria-hidden
        sx={{
          width: 36,
          height: 36,
          borderRadius: '50%',
          flexShrink: 0,
          display: 'grid',
          placeItems: 'center',
          bgcolor: unread ? 'primary.main' : 'rgba(31,79,163,0.08)',
          color: unread ? 'common.white' : 'primary.main',
        }}
      >
        <NotificationIcon notification={notification} />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: unread ? 700 : 600, lineHeight: 1.5 }}>{title}</Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ lineHeight: 1.7, overflowWrap: 'anywhere' }}
        >
          {content}
        </Typography>
        <Typography
          component="time"
          dateTime={notification.created_at}
          variant="caption"
          color={unread ? 'primary' : 'text.secondary'}
          sx={{ fontWeight: unread ? 600 : 400 }}
        >
          {formatRelativeTime(notification.created_at, now)}
        </Typography>
      </Box>
      {unread && (
        <Box
          role="img"
          aria-label={t('notifications.unread')}
          sx={{
            width: 10,
            height: 10,
            mt: 1,
            borderRadius: '50%',
            bgcolor: 'secondary.main',
            flexShrink: 0,
          }}
        />
      )}
    </Stack>
  );
}

const itemSx: SxProps<Theme> = { alignItems: 'flex-start', py: 1.5, px: 2 };

/**
 * The user's notifications, 10 at first and 10 more per 'show more' (spec §9), with
 * relative times renewed every 20 s. Unread ones are marked as they were when the list
 * opened, even after the server has been told they are read. An item with a `to` leads
 * there.
 */
export function NotificationsList({
  notifications,
  onNavigate,
}: {
  notifications: Notification[];
  onNavigate: () => void;
}) {
  const now = useNow(RELATIVE_TIME_REFRESH_MS);
  const [shown, setShown] = useState(NOTIFICATIONS_INITIAL_COUNT);
  const [unreadAtOpen] = useState(
    () => new Set(notifications.filter((n) => !n.read).map((n) => n.id)),
  );

  if (notifications.length === 0) {
    return (
      <Stack spacing={1} sx={{ alignItems: 'center', py: 6, px: 3, color: 'text.secondary' }}>
        <NotificationsNoneOutlinedIcon sx={{ fontSize: 48 }} aria-hidden />
        <Typography>{t('notifications.empty')}</Typography>
      </Stack>
    );
  }

  return (
    <>
      <List disablePadding>
        {notifications.slice(0, shown).map((notification) => {
          const unread = unreadAtOpen.has(notification.id);
          const body = <NotificationBody notification={notification} unread={unread} now={now} />;
          const bg = unread ? { bgcolor: 'rgba(31,79,163,0.06)' } : {};
          const to = notification.data.to;
          return (
            <ListItem
              key={notification.id}
              disablePadding={to !== null}
              divider
              sx={to === null ? { ...itemSx, ...bg } : bg}
            >
              {to !== null ? (
                <ListItemButton component={RouterLink} to={to} onClick={onNavigate} sx={itemSx}>
                  {body}
                </ListItemButton>
              ) : (
                body
              )}
            </ListItem>
          );
        })}
      </List>
      {shown < notifications.length && (
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button onClick={() => setShown((n) => n + NOTIFICATIONS_INITIAL_COUNT)} fullWidth>
            {t('notifications.showMore')}
          </Button>
        </Box>
      )}
    </>
  );
}

import { useEffect, useEffectEvent, useId, useState } from 'react';
import {
  AppBar,
  Badge,
  Box,
  Dialog,
  IconButton,
  Popover,
  Toolbar,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import { NOTIFICATIONS_MARK_READ_DELAY_MS } from '@dars/contract/plain';
import { useSession } from '../../../lib/session-context';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { t } from '../../../i18n/t';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { badgeText } from '../lib/badge-text';
import { NotificationsList } from './notifications-list';

/**
 * Marks every notification read 2 s after the panel opens with unread ones in it (spec §4),
 * then sets the badge to 0. Closing sooner leaves them unread.
 */
function useMarkReadAfterOpen(open: boolean) {
  const { user, updateUser } = useSession();
  const markRead = useMarkNotificationsRead();
  const hasUnread = (user?.notifications_count ?? 0) > 0;
  const mark = useEffectEvent(() =>
    markRead.mutate(undefined, {
      onSuccess: ({ notifications_count }) =>
        updateUser((u) => ({
          ...u,
          notifications_count,
          notifications: u.notifications.map((n) => ({ ...n, read: true })),
        })),
    }),
  );
  useEffect(() => {
    if (!open || !hasUnread) return;
    const timer = window.setTimeout(mark, NOTIFICATIONS_MARK_READ_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [open, hasUnread]);
}

/**
 * The top bar's notifications bell (spec §2): the unread count capped at '+99', and the
 * notifications in a menu on desktop or a full-screen dialog on phones.
 */
export function NotificationsBell() {
  const { user } = useSession();
  const isDesktop = useIsDesktop();
  const titleId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const close = () => setAnchor(null);
  useMarkReadAfterOpen(open);

  const count = user?.notifications_count ?? 0;
  const list = <NotificationsList notifications={user?.notifications ?? []} onNavigate={close} />;
  const title = (
    <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1 }}>
      {t('notifications.title')}
    </Typography>
  );

  return (
    <>
      <IconButton
        // Named with the badge's count too: a name must hold the text shown (WCAG 2.5.3).
        aria-label={
          count > 0
            ? t('notifications.bellUnread', { count: badgeText(count) })
            : t('notifications.bell')
        }
        aria-haspopup="dialog"
        aria-expanded={open || undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        // Room for a wide '+99' badge beside the phone search box.
        sx={{ marginInlineStart: 1.5 }}
      >
        <Badge
          // A fresh badge once all is read: MUI keeps the old count in a hidden badge.
          key={count === 0 ? 'read' : 'unread'}
          badgeContent={badgeText(count)}
          invisible={count === 0}
          color="error"
        >
          <NotificationsOutlinedIcon />
        </Badge>
      </IconButton>
      {isDesktop ? (
        <Popover
          open={open}
          anchorEl={anchor}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          transformOrigin={{ vertical: 'top', horizontal: 'left' }}
          slotProps={{
            paper: {
              role: 'dialog',
              'aria-labelledby': titleId,
              sx: { width: 400, maxHeight: 560, mt: 0.5, display: 'flex', flexDirection: 'column' },
            },
          }}
        >
          <Box sx={{ px: 2, py: 1.5, borderBottom: '1px solid', borderColor: 'divider' }}>
            {title}
          </Box>
          <Box sx={{ overflowY: 'auto' }}>{open && list}</Box>
        </Popover>
      ) : (
        <Dialog open={open} onClose={close} fullScreen aria-labelledby={titleId}>
          <AppBar position="sticky" color="inherit" elevation={0}>
            <Toolbar sx={{ borderBottom: '1px solid', borderColor: 'divider', gap: 1 }}>
              {title}
              <IconButton edge="end" aria-label={t('common.close')} onClick={close}>
                <CloseIcon />
              </IconButton>
            </Toolbar>
          </AppBar>
          {open && list}
        </Dialog>
      )}
    </>
  );
}

import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import {
  VERIFIED_NOTIFICATION_TYPE,
  type Notification,
  type NotificationDataType,
} from '@dars/contract';

const ICONS: Record<NotificationDataType, ComponentType<SvgIconProps>> = {
  ticket_reply: SupportAgentOutlinedIcon,
  admin_message: CampaignOutlinedIcon,
  recharge: AccountBalanceWalletOutlinedIcon,
  transfer_balance_sent: CallMadeIcon,
  transfer_balance_received: CallReceivedIcon,
  default: NotificationsOutlinedIcon,
};

/** The icon of a notification's kind; the legacy server type marks the e-mail verified. */
export function NotificationIcon({ notification }: { notification: Notification }) {
  const Icon =
    notification.type === VERIFIED_NOTIFICATION_TYPE
      ? VerifiedOutlinedIcon
      : ICONS[notification.data.type];
  return <Icon fontSize="small" />;
}

import type { ComponentType } from 'react';
import { IconButton, Stack, type SvgIconProps } from '@mui/material';
import FacebookIcon from '@mui/icons-material/Facebook';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import TelegramIcon from '@mui/icons-material/Telegram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import type { AppSettings, SocialNetwork } from '@dars/contract';
import { SOCIAL_NETWORKS } from '@dars/contract/plain';
import { t } from '../i18n/t';
import { MessengerIcon, TikTokIcon } from './brand-icons';

const ICONS: Record<SocialNetwork, ComponentType<SvgIconProps>> = {
  youtube: YouTubeIcon,
  facebook: FacebookIcon,
  linkedin: LinkedInIcon,
  telegram: TelegramIcon,
  messenger: MessengerIcon,
  twitter: XIcon,
  tiktok: TikTokIcon,
  whatsapp: WhatsAppIcon,
};

/**
 * One button per social network whose url is set in the settings; nothing when none is.
 * @example <SocialLinks social={settings.social} tone="light" />
 */
export function SocialLinks({
  social,
  tone = 'dark',
}: {
  social: AppSettings['social'];
  tone?: 'dark' | 'light';
}) {
  const networks = SOCIAL_NETWORKS.filter((network) => social[network]);
  if (networks.length === 0) return null;
  return (
    <Stack
      component="ul"
      direction="row"
      aria-label={t('social.barLabel')}
      sx={{ listStyle: 'none', p: 0, m: 0, gap: 1, flexWrap: 'wrap' }}
    >
      {networks.map((network) => {
        const Icon = ICONS[network];
        const label = t(`social.${network}`);
        return (
          <li key={network}>
            <IconButton
              component="a"
              href={social[network] ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={label}
              sx={
                tone === 'light'
                  ? {
                      color: 'common.white',
                      bgcolor: 'rgba(255,255,255,0.08)',
                      '&:hover': { bgcolor: 'rgba(255,255,255,0.18)' },
                    }
                  : {
                      color: 'primary.main',
                      bgcolor: 'rgba(31,79,163,0.08)',
                      '&:hover': { bgcolor: 'rgba(31,79,163,0.16)' },
                    }
              }
            >
              <Icon />
            </IconButton>
          </li>
        );
      })}
    </Stack>
  );
}

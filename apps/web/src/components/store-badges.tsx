import type { ReactNode } from 'react';
import { Box, ButtonBase, Stack, Typography } from '@mui/material';
import AppleIcon from '@mui/icons-material/Apple';
import { t } from '../i18n/t';
import { GooglePlayIcon } from './brand-icons';

function StoreBadge({
  href,
  icon,
  caption,
  store,
}: {
  href: string;
  icon: ReactNode;
  caption: string;
  store: string;
}) {
  return (
    <ButtonBase
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      sx={{
        bgcolor: '#000',
        color: '#fff',
        borderRadius: 1.25,
        border: '1px solid rgba(255,255,255,0.35)',
        px: 1.5,
        py: 0.75,
        gap: 1,
        minWidth: 150,
        justifyContent: 'flex-start',
        '&:hover, &.Mui-focusVisible': { bgcolor: '#222' },
        '& svg': { fontSize: 28 },
      }}
    >
      {icon}
      {/* Named by what it shows (WCAG 2.5.3: speech control finds a link by its words); the
          space keeps the two lines two words apart in that name. Store names are Latin brand
          names: keep them left-to-right like the official badges. */}
      <Box sx={{ textAlign: 'start', lineHeight: 1.1 }}>
        <Typography component="span" sx={{ display: 'block', fontSize: '0.7rem', opacity: 0.85 }}>
          {caption}
        </Typography>{' '}
        <Typography
          component="bdi"
          dir="ltr"
          sx={{ display: 'block', fontSize: '1.05rem', fontWeight: 600 }}
        >
          {store}
        </Typography>
      </Box>
    </ButtonBase>
  );
}

/**
 * Google Play and App Store badges for the store urls that are set; nothing when none is.
 * Drawn with MUI rather than the stores' images to keep the page light.
 * @example <StoreBadges playStoreUrl={s.play_store_url} appStoreUrl={s.apple_store_url} />
 */
export function StoreBadges({
  playStoreUrl,
  appStoreUrl,
}: {
  playStoreUrl: string | null;
  appStoreUrl: string | null;
}) {
  if (!playStoreUrl && !appStoreUrl) return null;
  return (
    <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
      {playStoreUrl && (
        <StoreBadge
          href={playStoreUrl}
          icon={<GooglePlayIcon />}
          caption={t('stores.googlePlayCaption')}
          store={t('stores.googlePlay')}
        />
      )}
      {appStoreUrl && (
        <StoreBadge
          href={appStoreUrl}
          icon={<AppleIcon />}
          caption={t('stores.appStoreCaption')}
          store={t('stores.appStore')}
        />
      )}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { Box, Container, Divider, Link, Stack, Typography } from '@mui/material';
import { BrandLogo } from '../../../components/brand-logo';
import { ContactLinks } from '../../../components/contact-links';
import { SocialLinks } from '../../../components/social-links';
import { StoreBadges } from '../../../components/store-badges';
import { useAppSettings } from '../../../lib/app-settings-context';
import { usePageYear } from '../../../lib/page-year';
import { t } from '../../../i18n/t';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1.5} sx={{ minWidth: 200 }}>
      <Typography
        component="h2"
        variant="subtitle1"
        sx={{ fontWeight: 700, color: 'common.white' }}
      >
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * The footer (spec §1): contact phone and e-mail, social buttons and store badges from the
 * settings, the powered-by credit and the copyright of the current year (the server's, on a
 * page it rendered: `usePageYear`) in the school's name, then the school's footer text and
 * legal links when it set them (ADR 049).
 */
export function AppFooter() {
  const settings = useAppSettings();
  const year = usePageYear();
  const hasContact = Boolean(settings.contact_phone || settings.contact_email);
  const hasSocial = Object.values(settings.social).some(Boolean);
  const hasStores = Boolean(settings.play_store_url || settings.apple_store_url);

  return (
    <Box
      component="footer"
      sx={{ bgcolor: '#0f1f3d', color: 'rgba(255,255,255,0.78)', mt: 'auto' }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 5 } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          sx={{ gap: { xs: 3.5, md: 6 }, justifyContent: 'space-between' }}
        >
          <Stack spacing={1.5} sx={{ maxWidth: 320 }}>
            <BrandLogo inverse />
            <Typography variant="body2" sx={{ lineHeight: 1.9 }}>
              {t('app.tagline')}
            </Typography>
          </Stack>
          {hasContact && (
            <FooterColumn title={t('footer.contactUs')}>
              <ContactLinks settings={settings} tone="light" />
            </FooterColumn>
          )}
          {hasSocial && (
            <FooterColumn title={t('footer.followUs')}>
              <SocialLinks social={settings.social} tone="light" />
            </FooterColumn>
          )}
          {hasStores && (
            <FooterColumn title={t('footer.downloadApp')}>
              <StoreBadges
                playStoreUrl={settings.play_store_url}
                appStoreUrl={settings.apple_store_url}
              />
            </FooterColumn>
          )}
        </Stack>
        <Divider sx={{ borderColor: 'rgba(255,255,255,0.12)', my: 3 }} />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{
            gap: 1,
            justifyContent: 'space-between',
            alignItems: { xs: 'flex-start', sm: 'center' },
          }}
        >
          <Typography variant="body2">
            {t('footer.copyright', { year, name: settings.school.name })}
          </Typography>
          <Typography variant="body2">{t('footer.poweredBy')}</Typography>
        </Stack>
        {(settings.school.footer_text || settings.school.legal_links.length > 0) && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ gap: { xs: 1, sm: 2 }, mt: 1.5, flexWrap: 'wrap', alignItems: 'baseline' }}
          >
            {settings.school.footer_text && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                {settings.school.footer_text}
              </Typography>
            )}
            {settings.school.legal_links.map((link) => (
              <Link
                key={link.url}
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                variant="body2"
                sx={{ color: 'common.white', textDecorationColor: 'rgba(255,255,255,0.6)' }}
              >
                {link.label}
              </Link>
            ))}
          </Stack>
        )}
      </Container>
    </Box>
  );
}

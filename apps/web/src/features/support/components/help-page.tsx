import { Link, Paper, Stack, Typography } from '@mui/material';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneInTalkOutlinedIcon from '@mui/icons-material/PhoneInTalkOutlined';
import type { ReactNode } from 'react';
import { SocialLinks } from '../../../components/social-links';
import { StaticPage } from '../../../components/static-page';
import { useAppSettings } from '../../../lib/app-settings-context';
import { t } from '../../../i18n/t';
import { LiveChat } from './live-chat';
import { SupportTicketForm } from './support-ticket-form';

function ContactCard({
  icon,
  title,
  href,
  value,
}: {
  icon: ReactNode;
  title: string;
  href: string;
  value: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, flex: 1, minWidth: 0 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Stack
          aria-hidden
          sx={{
            width: 48,
            height: 48,
            borderRadius: 1.5,
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'rgba(31,79,163,0.08)',
            color: 'primary.main',
            flexShrink: 0,
          }}
        >
          {icon}
        </Stack>
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {title}
          </Typography>
          <Link
            href={href}
            underline="hover"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            aria-label={`${title}: ${value}`}
          >
            <bdi dir="ltr">{value}</bdi>
          </Link>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * The help page (spec §2): contact phone and e-mail from the settings, the live chat when a
 * Crisp site is configured or else the support-ticket form, and the social links bar.
 */
export function HelpPage({
  courses = [],
}: {
  /** A signed-in student's courses, which a ticket may be about (issue 27). */
  courses?: readonly { id: number; name: string }[];
}) {
  const {
    contact_phone: phone,
    contact_email: email,
    social,
    crisp_website_id: crispWebsiteId,
  } = useAppSettings();
  const hasSocial = Object.values(social).some(Boolean);
  return (
    <StaticPage title={t('help.title')} lead={t('help.lead')}>
      {(phone || email) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
          {phone && (
            <ContactCard
              icon={<PhoneInTalkOutlinedIcon />}
              title={t('help.callUs')}
              href={`tel:${phone.replace(/\s+/g, '')}`}
              value={phone}
            />
          )}
          {email && (
            <ContactCard
              icon={<EmailOutlinedIcon />}
              title={t('help.mailUs')}
              href={`mailto:${email}`}
              value={email}
            />
          )}
        </Stack>
      )}
      {crispWebsiteId ? (
        <LiveChat websiteId={crispWebsiteId} />
      ) : (
        <SupportTicketForm courses={courses} />
      )}
      {hasSocial && (
        <Stack spacing={1.5} component="section">
          <Typography component="h2" variant="h6" color="primary">
            {t('help.followUs')}
          </Typography>
          <SocialLinks social={social} />
        </Stack>
      )}
    </StaticPage>
  );
}

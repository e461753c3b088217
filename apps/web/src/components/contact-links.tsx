import { Link, Stack, Typography } from '@mui/material';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneInTalkOutlinedIcon from '@mui/icons-material/PhoneInTalkOutlined';
import type { AppSettings } from '@dars/contract';
import { t } from '../i18n/t';

/**
 * The contact phone and e-mail of the settings as tel: and mailto: links; missing ones are
 * left out. Numbers and addresses are kept left-to-right inside the RTL text.
 * @example <ContactLinks settings={settings} tone="light" />
 */
export function ContactLinks({
  settings,
  tone = 'dark',
}: {
  settings: Pick<AppSettings, 'contact_phone' | 'contact_email'>;
  tone?: 'dark' | 'light';
}) {
  const { contact_phone: phone, contact_email: email } = settings;
  if (!phone && !email) return null;
  const color = tone === 'light' ? 'common.white' : 'text.primary';
  return (
    <Stack spacing={1.25}>
      {phone && (
        <Link
          href={`tel:${phone.replace(/\s+/g, '')}`}
          underline="hover"
          sx={{ color, display: 'inline-flex', alignItems: 'center', gap: 1 }}
          aria-label={`${t('footer.phone')}: ${phone}`}
        >
          <PhoneInTalkOutlinedIcon fontSize="small" aria-hidden />
          <Typography component="bdi" dir="ltr" variant="body2">
            {phone}
          </Typography>
        </Link>
      )}
      {email && (
        <Link
          href={`mailto:${email}`}
          underline="hover"
          sx={{ color, display: 'inline-flex', alignItems: 'center', gap: 1 }}
          aria-label={`${t('footer.email')}: ${email}`}
        >
          <EmailOutlinedIcon fontSize="small" aria-hidden />
          <Typography component="bdi" dir="ltr" variant="body2">
            {email}
          </Typography>
        </Link>
      )}
    </Stack>
  );
}

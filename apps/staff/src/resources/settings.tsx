import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import {
  BooleanInput,
  CheckboxGroupInput,
  NumberInput,
  SelectInput,
  TextInput,
  Title,
  useTranslate,
} from 'react-admin';
import { SingletonEdit } from '../components/singleton-edit';
import { LTR, LTR_URL, LTR_EMAIL } from '../components/ltr';
import { MAX_DEVICES_LIMIT, RECHARGE_METHODS, SOCIAL_NETWORKS } from '@dars/contract';
import { SETTINGS_ID } from '../data/data-provider';
import { useRole } from '../components/use-role';
import { choicesOf } from '../components/choices';
import { AmountInput } from '../components/amount-input';
import { SchoolIdentityInputs } from './school-identity';

const FEATURE_SWITCHES = [
  'enable_gen_exm',
  'teachers_page',
  'email_verification',
  'enable_wp',
  'appIsDown',
] as const;

const LINKS = ['play_store_url', 'apple_store_url', 'desktop_app_url'] as const;
const VERSIONS = ['stable_version', 'android_stable_version', 'ios_stable_version'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 3, width: '100%' }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * Every switch and field of spec §3's app settings but the grades and categories (their own
 * screens) and account deletion (always off in the client). Admins only: the menu hides it
 * from a leader and the server refuses a leader (403). The student app reads them at its next
 * start (GET /app).
 */
export function SettingsEdit() {
  const role = useRole();
  const translate = useTranslate();
  const t = (key: string) => translate(`dars.settings.fields.${key}`);
  if (role === undefined) return null;
  if (role !== 'admin') {
    return (
      <Card sx={{ mt: 2 }}>
        <Title title={translate('dars.settings.title')} />
        <CardContent>
          <Typography role="alert">{translate('ra.message.access_denied')}</Typography>
        </CardContent>
      </Card>
    );
  }
  return (
    <SingletonEdit resource="settings" id={SETTINGS_ID} title={translate('dars.settings.title')}>
      <Section title={translate('dars.settings.sections.school')}>
        <SchoolIdentityInputs />
      </Section>
      <Section title={translate('dars.settings.sections.features')}>
        {FEATURE_SWITCHES.map((key) => (
          <BooleanInput key={key} source={key} label={t(key)} />
        ))}
        <SelectInput
          source="home_mode"
          label={t('home_mode')}
          choices={choicesOf('dars.settings.home_mode', ['default', 'classic'])}
        />
        <TextInput
          source="general_announcement"
          label={t('general_announcement')}
          multiline
          minRows={2}
        />
      </Section>
      <Section title={translate('dars.settings.sections.devices')}>
        <NumberInput
          source="max_devices_per_student"
          label={t('max_devices_per_student')}
          helperText={translate('dars.settings.devices_help')}
          min={0}
          max={MAX_DEVICES_LIMIT}
          step={1}
        />
      </Section>
      <Section title={translate('dars.settings.sections.wallet')}>
        <BooleanInput source="enable_wallet_system" label={t('enable_wallet_system')} />
        <BooleanInput source="enable_wallet_transfers" label={t('enable_wallet_transfers')} />
        <AmountInput source="transfer_fees" label={t('transfer_fees')} />
        <AmountInput source="recharge_info.min_recharge_amount" label={t('min_recharge_amount')} />
        <CheckboxGroupInput
          source="recharge_info.supported_methods"
          label={t('supported_methods')}
          choices={choicesOf('dars.settings.methods', RECHARGE_METHODS)}
          row={false}
        />
        <TextInput
          source="recharge_info.mobile_wallet_number"
          label={t('mobile_wallet_number')}
          slotProps={LTR}
        />
      </Section>
      <Section title={translate('dars.settings.sections.parents')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('dars.settings.parents_help')}
        </Typography>
        <BooleanInput source="parent_exam_results" label={t('parent_exam_results')} />
        <BooleanInput source="parent_weekly_summary" label={t('parent_weekly_summary')} />
      </Section>
      <Section title={translate('dars.settings.sections.app')}>
        {LINKS.map((key) => (
          <TextInput key={key} source={key} label={t(key)} slotProps={LTR_URL} />
        ))}
        {VERSIONS.map((key) => (
          <TextInput key={key} source={key} label={t(key)} slotProps={LTR} />
        ))}
      </Section>
      <Section title={translate('dars.settings.sections.contact')}>
        <TextInput source="contact_phone" label={t('contact_phone')} slotProps={LTR} />
        <TextInput source="contact_email" label={t('contact_email')} slotProps={LTR_EMAIL} />
        <TextInput source="crisp_website_id" label={t('crisp_website_id')} slotProps={LTR} />
      </Section>
      <Section title={translate('dars.settings.sections.social')}>
        {SOCIAL_NETWORKS.map((network) => (
          <TextInput
            key={network}
            source={`social.${network}`}
            label={translate(`dars.settings.social.${network}`)}
            slotProps={LTR_URL}
          />
        ))}
      </Section>
    </SingletonEdit>
  );
}

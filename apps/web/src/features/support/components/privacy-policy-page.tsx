import { StaticPage } from '../../../components/static-page';
import { t } from '../../../i18n/t';

/** The privacy policy (spec §2: a static page, also at /privacy). */
export function PrivacyPolicyPage() {
  return (
    <StaticPage
      title={t('privacy.title')}
      lead={t('privacy.lead')}
      sections={[
        { title: t('privacy.collectTitle'), body: t('privacy.collectBody') },
        { title: t('privacy.useTitle'), body: t('privacy.useBody') },
        { title: t('privacy.protectTitle'), body: t('privacy.protectBody') },
        { title: t('privacy.rightsTitle'), body: t('privacy.rightsBody') },
      ]}
    />
  );
}

import { StaticPage } from '../../../components/static-page';
import { t } from '../../../i18n/t';
import { pageSchool } from '../../../lib/page-school';

/** About the platform (spec §2: a static page). */
export function AboutPage() {
  return (
    <StaticPage
      title={t('about.title')}
      lead={t('about.lead', { name: pageSchool().name })}
      sections={[
        { title: t('about.missionTitle'), body: t('about.missionBody') },
        { title: t('about.offerTitle'), body: t('about.offerBody') },
        { title: t('about.teachersTitle'), body: t('about.teachersBody') },
      ]}
    />
  );
}

import SystemUpdateOutlinedIcon from '@mui/icons-material/SystemUpdateOutlined';
import type { AppSettings, Platform } from '@dars/contract';
import { StatusScreen } from '../../../components/status-screen';
import { StoreBadges } from '../../../components/store-badges';
import { t } from '../../../i18n/t';

/**
 * Blocks a native app below its stable version (spec §1, §4), linking to its own store.
 */
export function ForcedUpdateScreen({
  platform,
  settings,
}: {
  platform: Platform;
  settings: Pick<AppSettings, 'play_store_url' | 'apple_store_url'>;
}) {
  return (
    <StatusScreen
      fullScreen
      icon={<SystemUpdateOutlinedIcon />}
      title={t('app.updateTitle')}
      body={t('app.updateBody')}
      actions={
        <StoreBadges
          playStoreUrl={platform === 'android' ? settings.play_store_url : null}
          appStoreUrl={platform === 'ios' ? settings.apple_store_url : null}
        />
      }
    />
  );
}

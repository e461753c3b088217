import { createContext, useContext } from 'react';
import type { AppSettings } from '@dars/contract';

/**
 * The settings loaded at app start (GET /app). The app layer provides them once they are
 * loaded, so below the app start every component can rely on them being present.
 */
export const AppSettingsContext = createContext<AppSettings | null>(null);
AppSettingsContext.displayName = 'AppSettingsContext';

/**
 * The app settings of spec §3.
 * @example const { teachers_page } = useAppSettings()
 */
export function useAppSettings(): AppSettings {
  const settings = useContext(AppSettingsContext);
  if (!settings)
    throw new Error('useAppSettings must be used below the app start (AppSettingsContext)');
  return settings;
}

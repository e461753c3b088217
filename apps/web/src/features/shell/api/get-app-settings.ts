import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppSettings } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * GET /app: the settings the whole app starts from.
 * @example const settings = await getAppSettings()
 */
export async function getAppSettings(signal?: AbortSignal): Promise<AppSettings> {
  const { data } = await callEndpoint(routes.getApp, { signal });
  return data;
}

/** Loaded once per visit; the retry button of the start screen refetches. */
export function appSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['app-settings'],
    queryFn: ({ signal }) => getAppSettings(signal),
    staleTime: Infinity,
    retry: 1,
  });
}

/** @example const { data: settings, isError, refetch } = useAppSettingsQuery() */
export function useAppSettingsQuery() {
  return useQuery(appSettingsQueryOptions());
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DevicesChangeResponse, DevicesList, SignOutDeviceBody } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

const KEY = ['profile', 'devices'] as const;

/**
 * GET /profile/devices: the student's devices and sessions with the school's limit (ADR 051).
 * @example const { devices } = await getProfileDevices()
 */
export async function getProfileDevices(signal?: AbortSignal): Promise<DevicesList> {
  return (await callEndpoint(routes.getProfileDevices, { signal })).data;
}

export function profileDevicesQueryOptions() {
  return queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => getProfileDevices(signal),
    staleTime: 0,
  });
}

/** @example const { data } = useProfileDevices() */
export function useProfileDevices() {
  return useQuery(profileDevicesQueryOptions());
}

/** Puts a sign-out's answer (the list as it is now) in place of the list. */
function useListUpdate() {
  const client = useQueryClient();
  return (answer: DevicesChangeResponse) => client.setQueryData(KEY, answer.data);
}

/**
 * POST /profile/devices/sign-out: one device (or a session without one) signed out and
 * forgotten; its place under the limit is free.
 * @example useSignOutDevice().mutate({ device_id: 4 })
 */
export function useSignOutDevice() {
  const update = useListUpdate();
  return useMutation({
    mutationFn: (body: SignOutDeviceBody) => callEndpoint(routes.signOutProfileDevice, { body }),
    onSuccess: update,
  });
}

/**
 * POST /profile/devices/sign-out-others: every device but this one signed out and forgotten.
 * @example useSignOutOtherDevices().mutate()
 */
export function useSignOutOtherDevices() {
  const update = useListUpdate();
  return useMutation({
    mutationFn: () => callEndpoint(routes.signOutOtherDevices),
    onSuccess: update,
  });
}

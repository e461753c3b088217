import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoData } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * GET /video/apps/{id}: where to play a video, `u` being the encrypted player url with a
 * short-lived token. A 403 carries the reason to show (views used up, exam first, expired).
 * @example const { u, watermark_id } = await getVideo(7)
 */
export function getVideo(id: number, signal?: AbortSignal): Promise<VideoData> {
  return callEndpoint(routes.getVideo, { params: { id }, signal });
}

/**
 * Never cached: every opening asks for a fresh token, and a refusal is shown, not retried.
 */
export function videoQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['video', id],
    queryFn: ({ signal }) => getVideo(id, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** @example const { data, error } = useVideo(7) */
export function useVideo(id: number) {
  return useQuery(videoQueryOptions(id));
}

import { useQuery } from '@tanstack/react-query';
import { decryptVideoUrl } from '../lib/decrypt-video-url';
import { useVideo } from '../api/get-video';

export interface PlayerSource {
  /** The decrypted player url, once known. */
  url: string | undefined;
  /** The encrypted `u`, as the desktop app takes it. */
  token: string | undefined;
  /** The decrypted license url (`lc`), for the native DRM player; null when none came. */
  licenseUrl: string | null | undefined;
  /** The student's watermark text. */
  watermark: string | undefined;
  isPending: boolean;
  /** A refusal of the server (views used up, …) or a url that would not decrypt. */
  error: Error | null;
}

/**
 * Asks the server where to play a video (a fresh token each opening) and decrypts the
 * player url with WebCrypto.
 * @example const { url, error } = usePlayerUrl(video.id)
 */
export function usePlayerUrl(
  videoId: number,
  options: { decrypt: boolean } = { decrypt: true },
): PlayerSource {
  const video = useVideo(videoId);
  const token = video.data?.u;
  const decrypted = useQuery({
    queryKey: ['video-player-url', videoId, token],
    queryFn: () => decryptVideoUrl(token!),
    enabled: options.decrypt && token !== undefined,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const lc = video.data?.lc ?? null;
  const license = useQuery({
    queryKey: ['video-license-url', videoId, lc],
    queryFn: () => decryptVideoUrl(lc!),
    enabled: options.decrypt && lc !== null && video.data !== undefined,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const hasLicense = lc !== null && video.data !== undefined;
  return {
    url: decrypted.data,
    token,
    licenseUrl: video.data === undefined ? undefined : hasLicense ? license.data : null,
    watermark: video.data?.watermark_id,
    isPending:
      video.isPending ||
      (options.decrypt && (decrypted.isPending || (hasLicense && license.isPending))),
    error: video.error ?? decrypted.error ?? license.error,
  };
}

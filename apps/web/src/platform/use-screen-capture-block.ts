import { useEffect } from 'react';
import { platform as pagePlatform, type PlatformInfo } from './platform';

/**
 * Screen-capture protection while the calling page is shown (spec §1: the course page on
 * Android): on when it mounts, off when it leaves. A no-op elsewhere.
 */
export function useScreenCaptureBlock(platform: PlatformInfo = pagePlatform): void {
  useEffect(() => {
    void platform.setScreenCaptureBlocked(true);
    return () => void platform.setScreenCaptureBlocked(false);
  }, [platform]);
}

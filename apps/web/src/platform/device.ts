/** The bits of `navigator` the device check reads. */
export interface NavigatorLike {
  userAgent: string;
  platform?: string;
  maxTouchPoints?: number;
  userAgentData?: { mobile?: boolean };
}

const PHONE_OR_TABLET = /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle|Opera Mini|IEMobile/i;

/**
 * Whether the browser runs on a phone or a tablet (the web-wallet hand-off and the
 * download-the-app prompt are for those, spec §2). iPadOS reports itself as a Mac, so a
 * touch "Mac" counts as a tablet.
 * @example isPhoneOrTablet({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' }) // true
 * @example isPhoneOrTablet({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120' }) // false
 */
export function isPhoneOrTablet(nav: NavigatorLike | undefined = globalNavigator()): boolean {
  if (!nav) return false;
  if (nav.userAgentData?.mobile) return true;
  if (PHONE_OR_TABLET.test(nav.userAgent)) return true;
  return nav.platform === 'MacIntel' && (nav.maxTouchPoints ?? 0) > 1;
}

function globalNavigator(): NavigatorLike | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as NavigatorLike);
}

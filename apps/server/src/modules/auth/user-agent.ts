/**
 * What a device list shows of a User-Agent (ADR 051): the browser, the system and, when the
 * phone says it, its model. A few patterns, not a database of devices: the list is for the
 * student to recognise their own phone or computer, and an unknown agent shows as such.
 */
export interface DeviceName {
  browser: string | null;
  os: string | null;
  model: string | null;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/\d/, 'Edge'],
  [/\bOPR\/\d|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\/\d/, 'Samsung Internet'],
  [/\bYaBrowser\/\d/, 'Yandex'],
  [/\b(?:Firefox|FxiOS)\/\d/, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\/\d/, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Chrome's reduced agent writes `Android 10; K` and web views `; wv`: no model in either. */
const NOT_A_MODEL = /^(?:K|wv|Mobile|Linux|U|[a-z]{2}(?:-[A-Za-z]{2})?)$/;

function androidModel(ua: string): string | null {
  const match = /Android [\d.]+;\s*([^;)]+?)(?:\s+Build\/[^;)]*)?[;)]/.exec(ua);
  const model = match?.[1]?.trim() ?? '';
  return model && !NOT_A_MODEL.test(model) ? model.slice(0, 60) : null;
}

function system(ua: string): { os: string | null; model: string | null } {
  const android = /Android ([\d]+(?:\.\d+)?)/.exec(ua);
  if (android) return { os: `Android ${android[1]}`, model: androidModel(ua) };
  const ios = /(iPhone|iPad|iPod)(?:.*? OS (\d+)[_.](\d+))?/.exec(ua);
  if (ios) return { os: ios[2] ? `iOS ${ios[2]}.${ios[3]}` : 'iOS', model: ios[1]! };
  if (/Windows NT/.test(ua)) return { os: 'Windows', model: null };
  if (/CrOS/.test(ua)) return { os: 'ChromeOS', model: null };
  if (/Mac OS X|Macintosh/.test(ua)) return { os: 'macOS', model: null };
  if (/Linux/.test(ua)) return { os: 'Linux', model: null };
  return { os: null, model: null };
}

/**
 * The browser, system and model a User-Agent names; the native apps' web view is no browser
 * to the student (their list says «التطبيق»), so `native` leaves the browser out.
 * @example deviceName('Mozilla/5.0 (Linux; Android 14; SM-A525F) … Chrome/120 Mobile Safari/537.36') // { browser: 'Chrome', os: 'Android 14', model: 'SM-A525F' }
 */
export function deviceName(userAgent: string | null, native = false): DeviceName {
  if (!userAgent) return { browser: null, os: null, model: null };
  const { os, model } = system(userAgent);
  const browser = native ? null : (BROWSERS.find(([re]) => re.test(userAgent))?.[1] ?? null);
  return { browser, os, model };
}

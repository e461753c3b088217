import { describe, expect, it } from 'vitest';
import { deviceName } from './user-agent';

// Real User-Agent strings, and what a student's device list says of each (ADR 051).
describe('deviceName', () => {
  it.for([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      { browser: 'Chrome', os: 'Windows', model: null },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
      { browser: 'Edge', os: 'Windows', model: null },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      { browser: 'Safari', os: 'macOS', model: null },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', os: 'iOS 17.4', model: 'iPhone' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-A525F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
      { browser: 'Samsung Internet', os: 'Android 13', model: 'SM-A525F' },
    ],
    [
      // Chrome's reduced agent names no model.
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome', os: 'Android 10', model: null },
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
      { browser: 'Firefox', os: 'Linux', model: null },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.6367.0 Safari/537.36',
      { browser: 'Chrome', os: 'Linux', model: null },
    ],
  ] as const)('%s', ([agent, expected]) => {
    expect(deviceName(agent)).toEqual(expected);
  });

  it('names no browser for the native apps’ web view, and the phone’s model with its build cut off', () => {
    const webView =
      'Mozilla/5.0 (Linux; Android 14; SM-A525F Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36';
    expect(deviceName(webView, true)).toEqual({
      browser: null,
      os: 'Android 14',
      model: 'SM-A525F',
    });
  });

  it('says nothing of an absent or unknown agent', () => {
    expect(deviceName(null)).toEqual({ browser: null, os: null, model: null });
    expect(deviceName('curl/8.5.0')).toEqual({ browser: null, os: null, model: null });
  });
});

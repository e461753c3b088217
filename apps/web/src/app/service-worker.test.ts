import { afterEach, describe, expect, it, vi } from 'vitest';
import { platform } from '../platform/platform';
import { startServiceWorker, warmMessage, type WorkboxLike } from './service-worker';

type Listener = (event: Record<string, unknown>) => void;

/** workbox-window's Workbox as far as the registration uses it, with its events fired by hand. */
function fakeWorkbox() {
  const listeners = new Map<string, Listener[]>();
  const wb = {
    addEventListener: vi.fn((type: string, listener: Listener) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    }),
    register: vi.fn(async () => undefined),
    messageSkipWaiting: vi.fn(),
    messageSW: vi.fn(async () => undefined),
    update: vi.fn(async () => undefined),
  };
  const fire = (type: string, event: Record<string, unknown> = {}) =>
    (listeners.get(type) ?? []).forEach((listener) => listener({ type, ...event }));
  return { wb, fire, asWorkbox: wb as unknown as WorkboxLike };
}

/** A page that has service workers (jsdom has none); its reload is a spy. */
function pageWithWorkers(reload = vi.fn()): Window {
  return {
    navigator: { serviceWorker: {} },
    location: { origin: window.location.origin, href: window.location.href, reload },
    document,
    performance,
  } as unknown as Window;
}

const idle = () => Promise.resolve();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('startServiceWorker (ADR 056)', () => {
  it('registers the worker once the browser is idle, on the web', async () => {
    const { wb, asWorkbox } = fakeWorkbox();
    const order: string[] = [];
    const result = await startServiceWorker({
      win: pageWithWorkers(),
      isNative: false,
      whenIdle: async () => void order.push('idle'),
      createWorkbox: async () => {
        order.push('workbox');
        return asWorkbox;
      },
    });
    expect(order).toEqual(['idle', 'workbox']);
    expect(wb.register).toHaveBeenCalledOnce();
    expect(result).toBe(asWorkbox);
  });

  it('registers nothing in the native apps, nor loads workbox-window', async () => {
    const createWorkbox = vi.fn();
    const win = pageWithWorkers();
    await expect(
      startServiceWorker({ win, isNative: true, whenIdle: idle, createWorkbox }),
    ).resolves.toBe(null);
    // By default it asks the platform (platform/platform.ts), as the app does.
    Object.defineProperty(platform, 'isNative', { value: true, configurable: true });
    try {
      await expect(startServiceWorker({ win, whenIdle: idle, createWorkbox })).resolves.toBe(null);
    } finally {
      Object.defineProperty(platform, 'isNative', { value: false, configurable: true });
    }
    expect(createWorkbox).not.toHaveBeenCalled();
  });

  it('registers nothing in a browser without service workers', async () => {
    const createWorkbox = vi.fn();
    const win = { ...pageWithWorkers(), navigator: { userAgent: 'old' } } as unknown as Window;
    await expect(
      startServiceWorker({ win, isNative: false, whenIdle: idle, createWorkbox }),
    ).resolves.toBe(null);
    expect(createWorkbox).not.toHaveBeenCalled();
  });

  it('leaves the app as it is when the registration fails', async () => {
    const { wb, asWorkbox } = fakeWorkbox();
    wb.register.mockRejectedValueOnce(new TypeError('Failed to fetch /sw.js'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(
      startServiceWorker({
        win: pageWithWorkers(),
        isNative: false,
        whenIdle: idle,
        createWorkbox: async () => asWorkbox,
      }),
    ).resolves.toBe(null);
    expect(warn).toHaveBeenCalled();
  });

  it('offers a waiting version, and hands over to it and reloads only when the student accepts', async () => {
    const { wb, fire, asWorkbox } = fakeWorkbox();
    const reload = vi.fn();
    const win = pageWithWorkers(reload);
    let accept: (() => void) | undefined;
    const showUpdatePrompt = vi.fn((onAccept: () => void) => {
      accept = onAccept;
    });
    await startServiceWorker({
      win,
      isNative: false,
      whenIdle: idle,
      createWorkbox: async () => asWorkbox,
      showUpdatePrompt,
    });
    fire('waiting');
    expect(showUpdatePrompt).toHaveBeenCalledOnce();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    // The new version taking over before the student's answer (another tab's) reloads nothing.
    fire('controlling');
    expect(reload).not.toHaveBeenCalled();
    accept!();
    expect(wb.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    fire('controlling');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('asks the first version to keep what the page loaded before it, and not an update', async () => {
    const { wb, fire, asWorkbox } = fakeWorkbox();
    await startServiceWorker({
      win: pageWithWorkers(),
      isNative: false,
      whenIdle: idle,
      createWorkbox: async () => asWorkbox,
    });
    fire('activated', { isUpdate: true });
    expect(wb.messageSW).not.toHaveBeenCalled();
    fire('activated', { isUpdate: false });
    expect(wb.messageSW).toHaveBeenCalledWith(expect.objectContaining({ type: 'WARM' }));
  });

  it('looks for a new version when the page is shown again, at most every 30 minutes', async () => {
    const { wb, asWorkbox } = fakeWorkbox();
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    await startServiceWorker({
      win: pageWithWorkers(),
      isNative: false,
      whenIdle: idle,
      createWorkbox: async () => asWorkbox,
    });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(wb.update).not.toHaveBeenCalled();
    now.mockReturnValue(1_000_000 + 31 * 60 * 1000);
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(wb.update).not.toHaveBeenCalled();
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(wb.update).toHaveBeenCalledOnce();
  });
});

describe('warmMessage', () => {
  it('names the page and the API calls of this origin it made, once each', () => {
    const origin = window.location.origin;
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: `${origin}/api/v1/app` },
      { name: `${origin}/api/v1/courses?page=2` },
      { name: `${origin}/api/v1/app` },
      { name: `${origin}/assets/app-1.js` },
      { name: 'https://client.crisp.chat/api/v1/app' },
    ] as PerformanceEntryList);
    window.history.replaceState(null, '', '/courses?query=x');
    expect(warmMessage(window)).toEqual({
      type: 'WARM',
      pages: [`${origin}/courses?query=x`],
      calls: [`${origin}/api/v1/app`, `${origin}/api/v1/courses?page=2`],
    });
  });
});

import { vi } from 'vitest';

/**
 * A phone's screen for MUI's media queries (jsdom has no layout: every query would be false):
 * `max-width` queries match, `min-width` ones do not. Undone by `vi.unstubAllGlobals()`.
 * @example onPhone(); render(<StaffApp />)
 */
export function onPhone(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  }));
}

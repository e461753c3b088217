import { within } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';

/**
 * jsdom has no object URLs: `URL.createObjectURL` answers `url` (or what `url` makes of the
 * blob, to keep it) and `URL.revokeObjectURL` does nothing. Call it in a `beforeEach`.
 */
export function stubObjectUrls(url: string | ((blob: Blob) => string)) {
  URL.createObjectURL = vi.fn((blob: Blob) => (typeof url === 'string' ? url : url(blob)));
  URL.revokeObjectURL = vi.fn();
}

/**
 * A table as a reader sees it: a row a line, each the texts of its `cells` (every header and
 * data cell unless told, header row first).
 * @example expect(tableLines(table)).toEqual([['الحقل', 'قبل', 'بعد'], ['منشورة', 'لا', 'نعم']])
 */
export function tableLines(table: HTMLElement, cells = 'th, td') {
  return within(table)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll(cells)].map((c) => c.textContent));
}

/** A digit of the Arabic-Indic sets (٠–٩, ۰–۹), which the console never writes (ADR 035). */
export const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/;

/**
 * Makes the browser's own language Arabic for numbers written without a locale, as a staff
 * member's Arabic Chrome does (`toLocaleString()` with no locale writes ١٢٣ there), until the
 * test ends.
 */
export function arabicBrowser() {
  const own = Number.prototype.toLocaleString;
  const spy = vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(function (
    this: number,
    locales?: Intl.LocalesArgument,
    options?: Intl.NumberFormatOptions,
  ) {
    return own.call(this, locales ?? 'ar-EG', options);
  });
  onTestFinished(() => spy.mockRestore());
}

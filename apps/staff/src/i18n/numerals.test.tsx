import { configure, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { formatDate, formatDateTime, formatMoney, formatNumber, pluralize } from '@dars/ui/format';
import { staffEndpoints as e } from '@dars/contract';
import { StaffApp } from '../app';
import { session } from '../data/token';
import { ADMIN, answer, fakeStaffApi, staffBasics } from '../test/fake-api';
import { staffCourse } from '../test/fixtures';
import { ARABIC_INDIC, arabicBrowser } from '../test/browser';
import { CountField } from '../components/count-field';
import { formatFileSize } from '../components/file-size';
import { MONTH_NAMES } from '../components/cairo-time';
import { i18nProvider } from './ar';
import { countsArabic } from './counts-ar';

/**
 * The console's one numeral style (ADR 035): Western digits 0–9 with `,` thousands in
 * counts, money, dates and paging, on any browser, and Arabic words around them.
 */

configure({ asyncUtilTimeout: 25_000 });

describe('one numeral style', () => {
  it('writes no Arabic-Indic digit in any formatter the console uses', () => {
    arabicBrowser();
    const outputs = [
      formatNumber(1234567),
      formatMoney(1250.5),
      formatDate('2026-03-01T10:05:00Z'),
      formatDateTime('2026-03-01T10:05:00Z'),
      pluralize(11, countsArabic.student),
      formatFileSize(1536),
      ...MONTH_NAMES,
      i18nProvider.translate('ra.navigation.page_range_info', {
        offsetBegin: 1,
        offsetEnd: 10,
        total: 1234,
      }),
      i18nProvider.translate('ra.navigation.current_page', { page: 12 }),
      i18nProvider.translate('ra.notification.deleted', { smart_count: 11 }),
    ];
    for (const text of outputs) expect(text, text).not.toMatch(ARABIC_INDIC);
    expect(outputs.slice(0, 6)).toEqual([
      '1,234,567',
      '1,250.50 جنيه',
      '1 مارس 2026',
      '1 مارس 2026 في 12:05 م',
      '11 طالبًا',
      '1.5 كيلوبايت',
    ]);
    // Paging as react-admin words it, the total with the same thousands separator.
    expect(outputs.at(-3)).toBe('1-10 من 1,234');
    expect(outputs.at(-2)).toBe('الصفحة 12');
    // A record's number is a name, not a quantity: no separator.
    expect(i18nProvider.translate('dars.money.paycards.disable_title', { id: 1234 })).toBe(
      'إيقاف بطاقات الدفعة 1234',
    );
  });

  it("writes a list's counts in Western digits even on an Arabic browser", async () => {
    arabicBrowser();
    // Without a locale, this browser writes Arabic-Indic digits; CountField does not.
    expect((1250).toLocaleString()).toBe('١٬٢٥٠');
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <RecordContextProvider value={{ id: 1, users_count: 1250 }}>
          <CountField source="users_count" />
        </RecordContextProvider>
      </AdminContext>,
    );
    expect(await screen.findByText('1,250')).toBeInTheDocument();
  });

  it('pages a list with Western digits: «1-10 من 57» and page numbers', async () => {
    arabicBrowser();
    const courses = Array.from({ length: 10 }, (_, i) =>
      staffCourse({
        id: i + 1,
        name: `دورة ${i + 1}`,
        pay_type: 'lectures',
        price: 0,
        free: true,
        published: true,
        featured: false,
        lectures_count: i,
        users_count: 1000 + i,
        created_at: '2026-01-01T00:00:00Z',
      }),
    );
    fakeStaffApi([
      ...staffBasics(ADMIN),
      answer(e.staffListCourses, { data: courses, meta: { total: 57 } }),
    ]);
    session.save('tok-1', ADMIN);
    window.history.replaceState(null, '', '/staff/courses');
    render(<StaffApp />);
    expect(await screen.findByText('1-10 من 57')).toBeInTheDocument();
    const paging = screen.getByRole('navigation', { name: /./ });
    expect(within(paging).getByRole('button', { name: 'الذهاب إلى الصفحة 6' })).toHaveTextContent(
      '6',
    );
    const row = screen.getByText('دورة 2').closest('tr')!;
    expect(within(row).getByText('1,001')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(ARABIC_INDIC);
  });
});

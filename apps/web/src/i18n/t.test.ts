import { describe, expect, it } from 'vitest';
import { t, tPlural } from './t';

describe('t', () => {
  it('returns the catalogue text', () => {
    expect(t('courses.empty')).toBe('لم يتم العثور على دورات');
  });

  it('fills placeholders', () => {
    expect(t('footer.copyright', { year: 2023, name: 'دَرس' })).toBe(
      '© 2023 دَرس. جميع الحقوق محفوظة.',
    );
  });
});

describe('tPlural', () => {
  it('uses the catalogue plural forms', () => {
    expect(tPlural('lecture', 1)).toBe('محاضرة واحدة');
    expect(tPlural('lecture', 2)).toBe('محاضرتان');
    expect(tPlural('lecture', 4)).toBe('4 محاضرات');
    expect(tPlural('lecture', 30)).toBe('30 محاضرة');
    expect(tPlural('lecture', 0)).toBe('لا توجد محاضرات');
  });
});

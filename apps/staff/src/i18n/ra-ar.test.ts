import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { raArabic } from './ra-ar';
import { i18nProvider } from './ar';

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value))
      for (const [k, v] of leaves(inner, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  return out;
}

describe("react-admin's texts in Arabic", () => {
  it('has every ra.* key of react-admin, with no English left', () => {
    const english = leaves(englishMessages);
    const arabic = leaves(raArabic);
    const missing = [...english.keys()].filter((key) => !arabic.has(key));
    expect(missing).toEqual([]);
    for (const [key, text] of arabic) {
      // Placeholders (%{name}) are Latin by design; the words around them are not.
      const words = text.replace(/%\{\w+\}/g, '');
      expect(words, key).not.toMatch(/[A-Za-z]{3,}/);
    }
  });

  it("counts in Arabic's forms (Polyglot's six)", () => {
    const t = (n: number) => i18nProvider.translate('ra.notification.deleted', { smart_count: n });
    expect(t(1)).toBe('تم الحذف');
    expect(t(2)).toBe('تم حذف عنصرين');
    expect(t(5)).toBe('تم حذف 5 عناصر');
    expect(t(11)).toBe('تم حذف 11 عنصراً');
    expect(t(100)).toBe('تم حذف 100 عنصر');
  });

  it('titles a record’s page by its name, without saying the resource twice', () => {
    const t = (key: string, recordRepresentation: string) =>
      i18nProvider.translate(key, { name: 'امتحان', recordRepresentation });
    expect(t('ra.page.edit', 'الكهرباء الشهري')).toBe('امتحان الكهرباء الشهري');
    expect(t('ra.page.edit', 'امتحان الكهرباء الشهري')).toBe('امتحان الكهرباء الشهري');
    expect(t('ra.page.show', 'امتحان')).toBe('امتحان');
    // A name that only begins with the same letters keeps the resource's name.
    expect(t('ra.page.edit', 'امتحانات نصف العام')).toBe('امتحان امتحانات نصف العام');
  });

  it('names a resource in the singular on its page and in the plural on its list', () => {
    const t = (n: number) => i18nProvider.translate('resources.courses.name', { smart_count: n });
    expect(t(1)).toBe('دورة');
    expect(t(2)).toBe('الدورات');
  });
});

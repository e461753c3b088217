import { describe, expect, it } from 'vitest';
import { staffSchoolSchema } from '../calls/staff-settings';
import { DEFAULT_SCHOOL, contrastRatio, readableTextOn } from './school';

// Figures from WCAG 2's own examples and the often-quoted lightest AA grey, not from the code:
// black on white 21:1; #767676 on white 4.54:1 (passes AA), #777777 4.48:1 (does not);
// #1f4fa3 (our blue) on white 7.76:1; amber #f59e0b on white 2.15:1, on #1b1b1b 8.02:1.
describe('contrast (WCAG 2)', () => {
  it('gives the ratios of known pairs, whichever colour comes first', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#777777')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#1f4fa3', '#ffffff')).toBeCloseTo(7.76, 2);
    expect(contrastRatio('#f59e0b', '#ffffff')).toBeCloseTo(2.15, 2);
    expect(contrastRatio('#F59E0B', '#1b1b1b')).toBeCloseTo(8.02, 2);
  });

  it('puts dark text on a light colour and white text on a dark one', () => {
    expect(readableTextOn('#f59e0b')).toBe('#1b1b1b');
    expect(readableTextOn('#1f4fa3')).toBe('#ffffff');
  });
});

const school = (fields: Record<string, unknown>) =>
  staffSchoolSchema.safeParse({ ...DEFAULT_SCHOOL, ...fields });
const messages = (result: ReturnType<typeof school>) =>
  result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe("the school's identity as its admin sets it", () => {
  it('takes the default «دَرس» and a dark primary colour written in capitals', () => {
    const ok = school({ primary_color: '#0B6E4F' });
    expect(ok.success).toBe(true);
    expect(ok.data?.primary_color).toBe('#0b6e4f');
  });

  it('refuses a primary colour white text cannot be read on, saying the ratio it reached', () => {
    expect(messages(school({ primary_color: '#777777' }))).toEqual([
      'primary_color: اللون الأساسي فاتح جداً: تباينه مع الأبيض 4.4:1 وأقل ما يُقرأ بوضوح 4.5:1؛ اختر درجة أغمق',
    ]);
    expect(school({ primary_color: '#767676' }).success).toBe(true);
    expect(messages(school({ primary_color: '#5b9bd5' }))[0]).toContain('2.9:1');
  });

  it('refuses a secondary colour neither white nor dark text reads on (#808080: 4.36 at best)', () => {
    expect(messages(school({ secondary_color: '#808080' }))).toEqual([
      'secondary_color: اللون الثانوي لا يُقرأ عليه نص أبيض ولا أسود بوضوح (أفضل تباين 4.3:1 وأقل حد 4.5:1)؛ اختر درجة أفتح أو أغمق',
    ]);
    expect(school({ secondary_color: '#9a9a9a' }).success).toBe(true);
  });

  it('refuses what is not a colour, a blank name, a logo from elsewhere than https or our storage', () => {
    expect(messages(school({ primary_color: 'blue' }))).toEqual([
      'primary_color: اختر لوناً من لوحة الألوان',
    ]);
    expect(messages(school({ name: '  ' }))).toEqual(['name: هذا الحقل مطلوب']);
    expect(
      school({ logo_light: '/storage/brand/a.png', favicon: 'https://cdn.example/f.png' }).success,
    ).toBe(true);
    expect(messages(school({ logo_dark: 'http://cdn.example/a.png' }))).toEqual([
      'logo_dark: ارفع الصورة من هنا، أو الصق رابطاً آمناً كاملاً لها',
    ]);
    expect(messages(school({ logo_dark: 'javascript:alert(1)' }))).toHaveLength(1);
  });

  it('takes up to five legal links, each with a label and a full address', () => {
    const link = { label: 'سياسة الخصوصية', url: 'https://school.example/privacy' };
    expect(school({ legal_links: [link] }).success).toBe(true);
    expect(messages(school({ legal_links: Array(6).fill(link) }))).toEqual([
      'legal_links: لا تزيد الروابط القانونية عن 5',
    ]);
    expect(messages(school({ legal_links: [{ ...link, url: '' }] }))).toEqual([
      'legal_links.0.url: أدخل رابطاً كاملاً صحيحاً لموقع ويب',
    ]);
  });
});

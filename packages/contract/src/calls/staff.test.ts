import { describe, expect, it } from 'vitest';
import { staffUrl } from './staff';
import { staffCourseListQuerySchema } from './staff-courses';
import { staffHeaderImagesBodySchema } from './staff-header-images';
import { staffLectureUpdateSchema } from './staff-lectures';
import { staffSettingsUpdateSchema } from './staff-settings';

describe('staff list queries', () => {
  it('read a bad page, page size, sort or order as the defaults, and ignore a non-numeric filter', () => {
    const q = staffCourseListQuerySchema.parse({
      page: 'x',
      per_page: '5000',
      sort: 'name; drop table',
      order: 'sideways',
      grade_id: 'abc',
      featured: 'true',
      q: '  فيزياء  ',
    });
    expect(q).toMatchObject({ page: 1, per_page: 25, order: 'asc', q: 'فيزياء', featured: true });
    expect(q.sort).toBeUndefined();
    expect(q.grade_id).toBeUndefined();
    expect(staffCourseListQuerySchema.parse({ grade_id: '7', per_page: '50' })).toMatchObject({
      grade_id: 7,
      per_page: 50,
    });
  });

  it('refuses an id no row can have and NUL in the search', () => {
    expect(staffCourseListQuerySchema.safeParse({ grade_id: '99999999999' }).success).toBe(false);
    expect(staffCourseListQuerySchema.safeParse({ q: 'a\u0000b' }).success).toBe(false);
  });
});

describe('staff fields', () => {
  it('take web links only, blank as none', () => {
    expect(staffUrl.parse('https://youtube.com/@school')).toBe('https://youtube.com/@school');
    expect(staffUrl.parse('  ')).toBeNull();
    for (const bad of ['javascript:alert(1)', 'ftp://x', '//evil.example', 'http://a b']) {
      expect(staffUrl.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('keep a partial lecture update partial, and money to two decimals', () => {
    expect(staffLectureUpdateSchema.parse({ name: ' محاضرة ' })).toEqual({ name: 'محاضرة' });
    expect(staffLectureUpdateSchema.safeParse({ price: 10.005 }).success).toBe(false);
    expect(staffLectureUpdateSchema.safeParse({ price: -1 }).success).toBe(false);
    expect(staffLectureUpdateSchema.parse({ repurchase_price: null })).toEqual({
      repurchase_price: null,
    });
  });

  it('validate every settings field it is given, and only those', () => {
    expect(staffSettingsUpdateSchema.parse({})).toEqual({});
    expect(staffSettingsUpdateSchema.parse({ ios_stable_version: '2.10.1' })).toEqual({
      ios_stable_version: '2.10.1',
    });
    const bad = staffSettingsUpdateSchema.safeParse({
      home_mode: 'grid',
      contact_email: 'not-mail',
      recharge_info: {
        min_recharge_amount: 5,
        supported_methods: ['cash'],
        mobile_wallet_number: null,
      },
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0]).sort()).toEqual([
      'contact_email',
      'home_mode',
      'recharge_info',
    ]);
  });

  it('keep home slides to web links or our storage, and internal routes', () => {
    const ok = staffHeaderImagesBodySchema.parse({
      header_images: [{ url: '/storage/slides/a.png', to: '/courses/3', href: '' }],
    });
    expect(ok.header_images[0]).toEqual({
      url: '/storage/slides/a.png',
      to: '/courses/3',
      href: null,
    });
    for (const slide of [
      { url: 'javascript:alert(1)' },
      { url: '/storage/a.png', to: '//evil.example' },
      { url: '/etc/passwd' },
    ]) {
      expect(staffHeaderImagesBodySchema.safeParse({ header_images: [slide] }).success).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { changedFields, listQuery } from './data-provider';
import { fieldErrors } from './http';

describe('the staff data provider', () => {
  it('asks for a page, its size, the order and the filters', () => {
    expect(
      listQuery(
        { page: 2, perPage: 25 },
        { field: 'name', order: 'DESC' },
        { q: 'فيزياء', course_id: 7, published: true, empty: '', list: [1] },
      ),
    ).toBe('page=2&per_page=25&sort=name&order=desc&q=%D9%81%D9%8A%D8%B2%D9%8A%D8%A7%D8%A1&course_id=7&published=true');
  });

  it('sends only what an edit changed, never the computed fields', () => {
    const before = { id: 7, name: 'أ', price: 120, grade_ids: [1], users_count: 3, description: 'x' };
    const after = { ...before, name: 'ب', grade_ids: [1, 2], users_count: 4, description: '' };
    expect(changedFields(after, before)).toEqual({ name: 'ب', grade_ids: [1, 2], description: null });
  });

  it("reads the server's 422 as one message per field", () => {
    expect(
      fieldErrors({ name: ['الاسم مطلوب', 'ثاني'], 'recharge_info.min_recharge_amount': ['أدخل مبلغاً صحيحاً'] }),
    ).toEqual({ name: 'الاسم مطلوب', 'recharge_info.min_recharge_amount': 'أدخل مبلغاً صحيحاً' });
    expect(fieldErrors(undefined)).toBeUndefined();
    expect(fieldErrors({})).toBeUndefined();
  });
});

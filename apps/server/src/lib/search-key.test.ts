import { describe, expect, it } from 'vitest';
import { courseSearchText, searchKey } from './search-key';

describe('searchKey', () => {
  it('unifies the letters people type interchangeably', () => {
    expect(searchKey('أحمد')).toBe(searchKey('احمد'));
    expect(searchKey('إبراهيم')).toBe('ابراهيم');
    expect(searchKey('مدرسة')).toBe(searchKey('مدرسه'));
    expect(searchKey('مصطفى')).toBe(searchKey('مصطفي'));
  });

  it('drops diacritics and tatweel, lower-cases Latin and collapses spaces', () => {
    expect(searchKey('الكِيمياءُ  العضويّة')).toBe('الكيمياء العضويه');
    expect(searchKey('العـــربية')).toBe('العربيه');
    expect(searchKey('  English   GRAMMAR ')).toBe('english grammar');
  });

  it('covers a course by its name and description', () => {
    expect(courseSearchText({ name: 'الفيزياء', description: 'شرح الكهربية' })).toBe(
      'الفيزياء شرح الكهربيه',
    );
  });
});

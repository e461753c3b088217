import { describe, expect, it } from 'vitest';
import { hashPaycardCode, newPaycardCode, normalizePaycardCode } from './paycard-code';

describe('pay-card codes', () => {
  it('ignores spaces, dashes and case when comparing', () => {
    expect(normalizePaycardCode(' k7pm-4qxr 9twd\t2hna ')).toBe('K7PM4QXR9TWD2HNA');
    expect(hashPaycardCode('K7PM 4QXR 9TWD 2HNA')).toBe(hashPaycardCode('k7pm4qxr9twd2hna'));
    expect(hashPaycardCode('K7PM 4QXR 9TWD 2HNB')).not.toBe(hashPaycardCode('K7PM 4QXR 9TWD 2HNA'));
  });

  it('issues 16 unambiguous characters in groups of four, all different', () => {
    const codes = Array.from({ length: 500 }, newPaycardCode);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}( [2-9A-HJ-NP-Z]{4}){3}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

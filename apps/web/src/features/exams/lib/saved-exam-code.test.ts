import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@dars/contract';
import { saveExamCode, savedExamCode } from './saved-exam-code';

const MINUTE = 60_000;
const t0 = Date.UTC(2026, 10, 23, 9, 0);

describe('saved exam code', () => {
  it('gives back the code entered within 180 minutes', () => {
    saveExamCode('G1001', t0);
    expect(savedExamCode(t0 + 179 * MINUTE)).toBe('G1001');
  });

  it('drops the code once 180 minutes have passed, from storage too', () => {
    saveExamCode('G1001', t0);
    expect(savedExamCode(t0 + 180 * MINUTE)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.examCode)).toBeNull();
    // Even if the clock went back afterwards, the dropped code stays gone.
    expect(savedExamCode(t0)).toBeNull();
  });

  it('keeps the code with its timestamp under the spec key', () => {
    saveExamCode('G1001', t0);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.examCode)!)).toEqual({
      code: 'G1001',
      savedAt: t0,
    });
  });

  it('treats a code saved "in the future" (a clock set back) as expired', () => {
    saveExamCode('G1001', t0 + 10 * MINUTE);
    expect(savedExamCode(t0)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    window.localStorage.setItem(STORAGE_KEYS.examCode, 'G1001');
    expect(savedExamCode(t0)).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.examCode, JSON.stringify({ code: 'G1' }));
    expect(savedExamCode(t0)).toBeNull();
  });
});

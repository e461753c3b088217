import { SAVED_EXAM_CODE_TTL_MINUTES, STORAGE_KEYS } from '@dars/contract/plain';

const KEY = STORAGE_KEYS.examCode;
const TTL_MS = SAVED_EXAM_CODE_TTL_MINUTES * 60_000;

interface Saved {
  code: string;
  savedAt: number;
}

function isSaved(value: unknown): value is Saved {
  if (typeof value !== 'object' || value === null) return false;
  const { code, savedAt } = value as Record<string, unknown>;
  return typeof code === 'string' && code !== '' && typeof savedAt === 'number';
}

/**
 * The last exam code entered on this device, while younger than 180 minutes (spec §5); an
 * older one is dropped from storage.
 * @example savedExamCode() // 'G1001' or null
 */
export function savedExamCode(now: number = Date.now()): string | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (raw === null) return null;
    const saved: unknown = JSON.parse(raw);
    if (isSaved(saved) && now - saved.savedAt < TTL_MS && saved.savedAt <= now) return saved.code;
    window.localStorage.removeItem(KEY);
    return null;
  } catch {
    return null;
  }
}

/**
 * Keeps the code with the time it was entered (spec §3: stored on the device).
 * @example saveExamCode('G1001')
 */
export function saveExamCode(code: string, now: number = Date.now()): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ code, savedAt: now } satisfies Saved));
  } catch {
    // Without storage the code is simply not remembered.
  }
}

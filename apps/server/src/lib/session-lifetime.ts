import { DAY } from './rate-limit';

/**
 * Session lifetimes (docs/decisions/007-security-hardening.md): a token unused for
 * SESSION_IDLE_MS, or older than SESSION_MAX_MS, no longer signs anyone in.
 */
export const SESSION_IDLE_MS = 30 * DAY;
export const SESSION_MAX_MS = 180 * DAY;

/** The oldest created_at and last_used_at a live session may have at `now`. */
export function sessionCutoffs(now: Date = new Date()): { created: string; used: string } {
  return {
    created: new Date(now.getTime() - SESSION_MAX_MS).toISOString(),
    used: new Date(now.getTime() - SESSION_IDLE_MS).toISOString(),
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { serverDataDir } from './server';

/** A message the server wrote to `DATA_DIR/outbox/` (the tests run without SMTP). */
interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

function lastMail(to: string, subject: string): OutboxMail | undefined {
  const dir = path.join(serverDataDir(), 'outbox');
  if (!fs.existsSync(dir)) return undefined;
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort() // the names start with the time and a sequence number
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as OutboxMail)
    .findLast((mail) => mail.to === to && mail.subject.includes(subject));
}

/**
 * Waits for the mail to `to` whose subject contains `subject` and returns the 6-digit code
 * in it. Each journey's student has a fresh address, so the newest such mail is the one
 * its last action sent.
 * @example const code = await mailedCode(student.email, 'رمز استعادة كلمة المرور')
 */
export async function mailedCode(to: string, subject: string): Promise<string> {
  await expect.poll(() => lastMail(to, subject)).toBeDefined();
  const { text } = lastMail(to, subject)!;
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no 6-digit code in the mail to ${to}: ${text}`);
  return code;
}

/**
 * Waits for the mail to `to` whose subject contains `subject` and whose text contains
 * `contains`, and returns its text (a staff reply to a guest, with its follow link: ADR 039).
 * @example const text = await mailedText(guest.email, 'رد على طلب الدعم', reply)
 */
export async function mailedText(to: string, subject: string, contains: string): Promise<string> {
  await expect.poll(() => lastMail(to, subject)?.text.includes(contains)).toBe(true);
  return lastMail(to, subject)!.text;
}

import fs from 'node:fs';
import path from 'node:path';

/** The newest message written to the outbox for `to`, as tests read the mailed codes. */
export function lastMailTo(
  dataDir: string,
  to: string,
): { subject: string; text: string } | undefined {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return undefined;
  const mails = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map(
      (f) =>
        JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as {
          to: string;
          subject: string;
          text: string;
        },
    );
  return mails.filter((m) => m.to === to).at(-1);
}

/** The 6-digit code in the newest mail to `to`. */
export function lastCodeTo(dataDir: string, to: string): string {
  const mail = lastMailTo(dataDir, to);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

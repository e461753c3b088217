import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { formatDateTime } from '@dars/ui/format';
import type { AppContext } from '../../app-context';
import { escapeHtml } from '../../lib/html';
import { outboxDir, type Mail } from '../../lib/mailer';
import { DEMO_PAGE_STYLE } from './demo-page-style';

/** Where the demo shows its mail. Exists only in the demo (SEED=demo) with no SMTP_URL. */
export const DEMO_MAIL_PATH = '/demo/mail';

/** How many of the newest mails the page shows. */
const SHOWN = 20;

type StoredMail = Mail & { from: string; date: string };

/** The newest mails of the outbox, newest first (file names start with the time written). */
async function newestMails(dataDir: string): Promise<StoredMail[]> {
  const dir = outboxDir(dataDir);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const newest = names
    .filter((n) => n.endsWith('.json'))
    .sort()
    .reverse()
    .slice(0, SHOWN);
  const mails = await Promise.all(
    newest.map(async (name) => {
      try {
        return JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as StoredMail;
      } catch {
        return null; // being written, or not ours
      }
    }),
  );
  return mails.filter((m): m is StoredMail => m !== null);
}

function mailPage(mails: StoredMail[]): string {
  const items = mails
    .map(
      (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">إلى: <bdi dir="ltr">${escapeHtml(m.to)}</bdi> · ${escapeHtml(formatDateTime(m.date))}</p>
<pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>بريد النسخة التجريبية</title>
<style>${DEMO_PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>بريد النسخة التجريبية</h1>
<p>لا يرسل العرض التجريبي بريدًا حقيقيًا: كل رسالة (رمز استعادة كلمة المرور، تأكيد البريد) تُحفظ هنا، وأحدثها أولًا. لا توجد هذه الصفحة على خادم مدرسة.</p>
${items || '<p>لا توجد رسائل بعد.</p>'}
</main>
</body>
</html>`;
}

/**
 * The demo's mailbox (issue 24): the newest mails the demo wrote to `DATA_DIR/outbox/`, so a
 * visitor can finish a password reset without a mail server. Registered only for the demo
 * (SEED=demo) without SMTP_URL; a school's server has no such page. Never cached, no script.
 */
export const demoMailRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.get(DEMO_MAIL_PATH, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
        )
        .send(mailPage(await newestMails(ctx.config.dataDir))),
    );
  };

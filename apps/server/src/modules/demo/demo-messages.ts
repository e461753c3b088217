import type { FastifyPluginAsync } from 'fastify';
import { formatDateTime } from '@dars/ui/format';
import type { AppContext } from '../../app-context';
import { escapeHtml } from '../../lib/html';
import { DEMO_PAGE_STYLE } from './demo-page-style';

/** Where the demo shows the text messages its sandbox recorded instead of sending. */
export const DEMO_MESSAGES_PATH = '/demo/messages';

/** How many of the newest messages the page shows. */
const SHOWN = 20;

const STATES: Record<string, string> = {
  queued: 'في الانتظار',
  sent: 'أُرسلت (تجريبيًا)',
  delivered: 'وصلت',
  failed: 'لم تُرسل',
};
const CHANNELS: Record<string, string> = { whatsapp: 'واتساب', sms: 'رسالة نصية' };
const RECIPIENTS: Record<string, string> = { parent: 'ولي الأمر', student: 'الطالب' };

type Shown = {
  recipient_phone: string;
  recipient: string;
  channel: string;
  body: string;
  state: string;
  error: string | null;
  created_at: string;
};

/** The number as the school writes it, 01XXXXXXXXX (stored in E.164). */
const localForm = (phone: string) => phone.replace(/^\+20/, '0');

function page(messages: Shown[]): string {
  const items = messages
    .map(
      (m) => `<article>
<h2>${escapeHtml(CHANNELS[m.channel] ?? m.channel)} إلى ${escapeHtml(RECIPIENTS[m.recipient] ?? m.recipient)}: <bdi dir="ltr">${escapeHtml(localForm(m.recipient_phone))}</bdi></h2>
<p class="meta">${escapeHtml(STATES[m.state] ?? m.state)} · ${escapeHtml(formatDateTime(m.created_at))}${m.error ? ` · ${escapeHtml(m.error)}` : ''}</p>
<pre>${escapeHtml(m.body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>رسائل النسخة التجريبية</title>
<style>${DEMO_PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>رسائل النسخة التجريبية (واتساب والرسائل النصية)</h1>
<p>لا يرسل العرض التجريبي رسائل حقيقية إلى الهواتف: كل رسالة إلى ولي أمر أو طالب تُحفظ هنا كما كانت ستُرسل، وأحدثها أولًا. لا توجد هذه الصفحة على خادم مدرسة.</p>
${items || '<p>لا توجد رسائل بعد.</p>'}
</main>
</body>
</html>`;
}

/**
 * The demo's text messages (issue 28): the newest messages the sandbox recorded, so a visitor
 * sees what a parent would have received. Registered only for the demo while the messages'
 * sandbox runs; a school's server has no such page. Never cached, no script.
 */
export const demoMessagesRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.get(DEMO_MESSAGES_PATH, async (_request, reply) => {
      const messages = await ctx.db
        .selectFrom('messages')
        .select(['recipient_phone', 'recipient', 'channel', 'body', 'state', 'error', 'created_at'])
        .where((eb) => eb.or([eb('provider', '=', 'sandbox'), eb('provider', 'is', null)]))
        .orderBy('id', 'desc')
        .limit(SHOWN)
        .execute();
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
        )
        .send(page(messages));
    });
  };

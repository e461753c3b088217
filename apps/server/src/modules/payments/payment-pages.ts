import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { RECHARGE_METHOD_LABELS, fromPiasters } from '@dars/contract';
import type { GatewayMethod } from './gateway';
import { escapeHtml } from '../../lib/html';

// The few pages of ours that take part in a payment: the sandbox's checkout, a kiosk order's
// reference, and the step that takes a return out of an embedded frame. Arabic, right to left,
// no outside resource, each with its own tight policy.

/** Pounds as the app shows money: two decimals, thousands separators, 'جنيه'. */
export function amountText(piasters: number): string {
  const pounds = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(fromPiasters(piasters));
  return `${pounds} جنيه`;
}

/** How each method is named to the student: the catalogue the console and exports use. */
export const METHOD_LABELS: Readonly<Record<GatewayMethod, string>> = RECHARGE_METHOD_LABELS;

const STYLE = `
  :root { color-scheme: light; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f6fb;
         font-family: system-ui, 'Segoe UI', Tahoma, sans-serif; color: #1b1f2a; }
  main { background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.08);
         padding: 24px; margin: 16px; width: min(420px, calc(100% - 32px)); box-sizing: border-box; }
  h1 { font-size: 1.3rem; margin: 0 0 12px; }
  p { line-height: 1.7; margin: 8px 0; }
  .amount { font-size: 1.6rem; font-weight: 700; margin: 12px 0; }
  .note { color: #4a5160; font-size: .95rem; }
  .actions { display: flex; gap: 12px; flex-wrap: wrap; margin-top: 20px; }
  form { margin: 0; }
  button, a.button { font: inherit; font-size: 1rem; border-radius: 8px; padding: 10px 20px; cursor: pointer;
         border: 2px solid #1e4fd8; text-decoration: none; display: inline-block; }
  .pay { background: #1e4fd8; color: #fff; }
  .cancel, a.button { background: #fff; color: #1e4fd8; }
  button:focus-visible, a:focus-visible { outline: 3px solid #f5a000; outline-offset: 2px; }
  .reference { font-size: 1.8rem; font-weight: 700; letter-spacing: 2px; direction: ltr; unicode-bidi: isolate; }
`;

/** Our pages' policy: inline styles, forms to ourselves, framed only by our own app. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** Sends one of these pages, never cached, with its policy. */
export function sendPage(reply: FastifyReply, html: string, csp = PAGE_CSP): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', csp)
    .send(html);
}

/** A form that sends the browser (the whole window, even from a frame) to `action` with `query`. */
function formTo(action: string, query: URLSearchParams, label: string, className: string): string {
  const fields = [...query]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<form method="get" action="${escapeHtml(action)}" target="_top">${fields}<button type="submit" class="${className}">${escapeHtml(label)}</button></form>`;
}

/**
 * The sandbox's checkout: the order's amount, and a pay and a cancel button, each sending the
 * browser to the sandbox's return route with its outcome signed.
 */
export function sandboxCheckoutPage(options: {
  method: GatewayMethod;
  amount: number;
  returnPath: string;
  paid: URLSearchParams;
  cancelled: URLSearchParams;
}): string {
  const title = 'بوابة الدفع التجريبية';
  return page(
    title,
    `<h1>${title}</h1>
<p>طريقة الدفع: ${escapeHtml(METHOD_LABELS[options.method])}</p>
<p class="amount">${escapeHtml(amountText(options.amount))}</p>
<p class="note">هذه بوابة دفع تجريبية تقوم مقام مزود الدفع في النسخة التجريبية؛ لا تُطلب بيانات بطاقة ولا يُخصم أي مبلغ حقيقي.</p>
<div class="actions">
${formTo(options.returnPath, options.paid, `ادفع ${amountText(options.amount)}`, 'pay')}
${formTo(options.returnPath, options.cancelled, 'إلغاء', 'cancel')}
</div>`,
  );
}

/** A kiosk order: the reference and the amount to pay at an outlet. */
export function kioskPage(options: { reference: string; amount: number }): string {
  const title = 'الدفع في منافذ الدفع';
  return page(
    title,
    `<h1>${title}</h1>
<p>توجّه إلى أقرب منفذ «أمان» أو «مصاري» وادفع بالرقم المرجعي:</p>
<p class="reference">${escapeHtml(options.reference)}</p>
<p class="amount">${escapeHtml(amountText(options.amount))}</p>
<p class="note">يُضاف المبلغ إلى محفظتك فور الدفع، وتصلك رسالة بذلك.</p>
<div class="actions"><a class="button" href="/wallet" target="_top">العودة إلى المحفظة</a></div>`,
  );
}

/** An order that no longer waits for a payment (paid, failed or unknown). */
export function closedOrderPage(): string {
  const title = 'طلب الدفع غير متاح';
  return page(
    title,
    `<h1>${title}</h1>
<p>هذا الطلب لم يعد بانتظار الدفع.</p>
<div class="actions"><a class="button" href="/wallet" target="_top">العودة إلى المحفظة</a></div>`,
  );
}

/**
 * A return that arrived inside a frame (an embedded installments checkout) takes the whole
 * window to `target`; the link is there if the script cannot run.
 */
export function leaveFrame(reply: FastifyReply, target: string): FastifyReply {
  const script = `window.top.location.replace(${JSON.stringify(target)});`;
  const hash = createHash('sha256').update(script).digest('base64');
  const html = page(
    'العودة إلى المحفظة',
    `<h1>جارٍ العودة إلى المحفظة…</h1>
<div class="actions"><a class="button" href="${escapeHtml(target)}" target="_top">العودة إلى المحفظة</a></div>
<script>${script}</script>`,
  );
  return sendPage(reply, html, `${PAGE_CSP}; script-src 'sha256-${hash}'`);
}

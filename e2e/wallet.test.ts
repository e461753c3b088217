import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from './support/browser';
import { it, signIn } from './support/catalog';
import { writePng } from './support/png';
import { expectNoSidewaysOverflow, pathname, VIEWPORT_NAMES } from './support/screens';
import {
  DEMO,
  expectBalance,
  expectRecharged,
  ledgerRows,
  logIn,
  money,
  openRecharge,
  openWallet,
  payWithGateway,
  rechargeWith,
  serverSettings,
  serverWallet,
  walletCard,
} from './support/wallet';
import { serverURL } from './support/server';

/**
 * The wallet journeys of issue 10, on a phone and on a desktop, against the real server: a
 * recharge card, a mobile-wallet recharge waiting for review, sandbox gateway payments (a card
 * page in the same window, installments embedded in the dialog) and a cancelled one (ADR 019),
 * a transfer between the two demo students seen on both ledgers (a mistyped address refused
 * under the field, then the recipient's name and masked phone confirmed first: ADR 038), the
 * minimum recharge warning and the payment-problem banner. Each journey but the transfer has its
 * own fresh student; the transfer reads both demo students' balances first, so the two viewports
 * and a second run follow each other.
 */

/** Signs the student in on this page's context and opens the wallet. */
async function walletOf(page: Page, student: { email: string; password: string }) {
  const token = await signIn(page.context(), student);
  await openWallet(page);
  return token;
}

describe.each(VIEWPORT_NAMES)('on a %s', (viewport) => {
  it.override({ viewport });

  const shot = (page: Page, number: string, name: string, options?: { fullPage?: boolean }) =>
    screenshot(page, `${viewport}-wallet-${number}-${name}`, options);

  it('recharges with a card: the value is added at once and the ledger shows it', async ({
    page,
    students,
    paycards,
  }) => {
    const student = await students.create();
    const code = await paycards.issue({ value: 120 });
    const token = await walletOf(page, student);
    await expectBalance(page, 0);
    await expect.poll(() => page.getByText('لا توجد معاملات في محفظتك بعد.').count()).toBe(1);
    await shot(page, '01', 'empty');

    const dialog = await openRecharge(page);
    await dialog.getByRole('radio', { name: 'كارت شحن' }).check();
    await expect.poll(() => dialog.getByRole('spinbutton').count()).toBe(0);
    await shot(page, '02', 'recharge-methods', { fullPage: false });
    await dialog.getByRole('button', { name: 'التالي' }).click();
    await dialog.getByRole('textbox', { name: /كود الكارت/ }).fill(code);
    await shot(page, '03', 'recharge-card', { fullPage: false });
    await dialog.getByRole('button', { name: 'شحن الرصيد' }).click();

    await page.getByText('تم شحن الكارت وإضافة قيمته إلى رصيدك').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expectRecharged(page, token, 120);
    await shot(page, '04', 'card-recharged');
  });

  it('sends a mobile-wallet recharge with its receipt and shows it waiting for review', async ({
    page,
    students,
  }) => {
    const student = await students.create();
    const settings = await serverSettings();
    const token = await walletOf(page, student);
    const dialog = await openRecharge(page);
    await rechargeWith(dialog, 'تحويل من محفظة موبايل', 100);
    if (settings.recharge_info.mobile_wallet_number)
      await dialog.getByText(settings.recharge_info.mobile_wallet_number).waitFor();

    // Sent empty: both required fields say so, and nothing reaches the server.
    await dialog.getByRole('button', { name: 'إرسال الطلب' }).click();
    await dialog.getByText('من فضلك املأ الحقول المطلوبة').waitFor();
    expect(await dialog.getByText('لا يمكنك ترك الحقل فارغاً').count()).toBe(2);
    await shot(page, '05', 'mobile-wallet-required', { fullPage: false });

    await dialog.getByRole('textbox', { name: /رقم المحفظة التي حوّلت منها/ }).fill('01098765432');
    // The browser reads the file when the form is sent: it is removed only afterwards.
    const receipt = writePng('receipt.png', 96);
    try {
      await dialog.getByLabel('صورة إيصال التحويل').setInputFiles(receipt.file);
      await dialog.getByText('receipt.png').waitFor();
      await dialog.getByRole('textbox', { name: 'رسالة (اختياري)' }).fill('حوّلت من فودافون كاش');
      await shot(page, '06', 'mobile-wallet-filled', { fullPage: false });
      await dialog.getByRole('button', { name: 'إرسال الطلب' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      receipt.remove();
    }

    await page.getByText('تم إرسال طلبك، ستتم مراجعة العملية ثم يُضاف المبلغ إلى رصيدك').waitFor();
    await page.getByText(/^لديك طلب شحن قيد المراجعة/).waitFor();
    await expectBalance(page, 0);
    await shot(page, '07', 'pending-review');

    const wallet = await serverWallet(token);
    expect(wallet.meta.pending_mobile_payments_count).toBe(1);
    expect(wallet.wallet.balance).toBe(0);
  });

  it('pays through the sandbox gateway and comes back to the wallet with the new balance', async ({
    page,
    students,
  }) => {
    const student = await students.create();
    const token = await signIn(page.context(), student);
    // ?recharge= opens the dialog with the amount typed.
    await openWallet(page, '?recharge=150');
    const dialog = await openRecharge(page);
    expect(await dialog.getByRole('spinbutton', { name: /المبلغ بالجنيه/ }).inputValue()).toBe(
      '150',
    );
    await rechargeWith(dialog, 'بطاقة بنكية');
    await dialog.getByText(`ستدفع ${money(150)} عن طريق بطاقة بنكية.`).waitFor();
    await shot(page, '08', 'gateway-checkout', { fullPage: false });
    await dialog.getByRole('button', { name: 'متابعة الدفع' }).click();

    await page.waitForURL(/\/payments\/sandbox\//);
    await page.getByRole('heading', { name: 'بوابة الدفع التجريبية' }).waitFor();
    await shot(page, '09', 'sandbox-page');
    await page.getByRole('button', { name: `ادفع ${money(150)}` }).click();

    await page.waitForURL((url) => url.pathname === '/wallet');
    await walletCard(page, 'رصيدك الحالي').waitFor();
    await expectRecharged(page, token, 150);
    expect(page.url()).not.toContain('error=');
    await shot(page, '10', 'gateway-paid');
  });

  it('pays installments inside the dialog, and the whole window comes back to the wallet', async ({
    page,
    students,
  }) => {
    const student = await students.create();
    const token = await walletOf(page, student);
    const dialog = await payWithGateway(page, 'التقسيط', 600);
    const checkout = dialog.frameLocator('iframe[title="صفحة الدفع بالتقسيط"]');
    await checkout.getByRole('heading', { name: 'بوابة الدفع التجريبية' }).waitFor();
    expect(pathname(page)).toBe('/wallet');
    await shot(page, '11', 'installments-embedded', { fullPage: false });
    await checkout.getByRole('button', { name: `ادفع ${money(600)}` }).click();

    // The gateway's return leaves the frame: the wallet takes the whole window again.
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expectRecharged(page, token, 600);
    expect(await page.locator('iframe').count()).toBe(0);
  });

  it("shows the gateway's problem in the banner after a cancelled payment, and drops it when dismissed", async ({
    page,
    students,
  }) => {
    const student = await students.create();
    const token = await walletOf(page, student);
    const dialog = await payWithGateway(page, 'كاشير', 40);
    const link = dialog.getByRole('link', { name: 'فتح صفحة الدفع' });
    expect(await link.getAttribute('target')).toBe('_blank');
    const href = await link.getAttribute('href');
    await shot(page, '12', 'outside-checkout', { fullPage: false });

    // The hosted page, opened outside the app: cancelled there, it sends the student back with ?error=.
    await page.goto(href!);
    await page.getByRole('button', { name: 'إلغاء' }).click();
    await page.waitForURL((url) => url.pathname === '/wallet' && url.searchParams.has('error'));
    const banner = page.getByRole('alert').filter({ hasText: 'حدثت مشكلة أثناء الدفع' });
    await banner.waitFor();
    expect(await banner.innerText()).toContain('لم تكتمل عملية الدفع ولم يُضف أي رصيد');
    await expectBalance(page, 0);
    await shot(page, '13', 'payment-problem');
    await banner.getByRole('button', { name: 'إخفاء' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('error')).toBe(false);
    expect((await serverWallet(token)).wallet.balance).toBe(0);

    // Any text the address carries is shown as text.
    await openWallet(page, `?error=${encodeURIComponent('<b>تعذر الدفع</b>')}`);
    const typed = page.getByRole('alert').filter({ hasText: 'حدثت مشكلة أثناء الدفع' });
    expect(await typed.innerText()).toContain('<b>تعذر الدفع</b>');
    expect(await typed.locator('b').count()).toBe(0);
  });

  it('warns below the minimum recharge and keeps the next step closed', async ({
    page,
    students,
  }) => {
    const student = await students.create();
    const { recharge_info } = await serverSettings();
    const min = recharge_info.min_recharge_amount;
    await walletOf(page, student);
    const dialog = await openRecharge(page);
    await dialog.getByRole('radio', { name: 'بطاقة بنكية' }).check();
    const amount = dialog.getByRole('spinbutton', { name: /المبلغ بالجنيه/ });
    await amount.fill(String(min - 1));
    await dialog.getByText(`أقل مبلغ للشحن هو ${min} جنيه`).waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('button', { name: 'التالي' }).isDisabled()).toBe(true);
    await shot(page, '14', 'below-minimum', { fullPage: false });
    await amount.fill(String(min));
    await expect.poll(() => dialog.getByText(`أقل مبلغ للشحن هو ${min} جنيه`).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'التالي' }).isEnabled()).toBe(true);
  });

  it('transfers between the two demo students, and both ledgers show it', async ({
    page,
    browser,
  }) => {
    const { transfer_fees: fee } = await serverSettings();
    const senderToken = await signIn(page.context(), DEMO.sender);
    const recipientToken = await logIn(DEMO.recipient);
    const before = {
      sender: (await serverWallet(senderToken)).wallet,
      recipient: (await serverWallet(recipientToken)).wallet,
    };
    const amount = 12.5;
    expect(before.sender.balance).toBeGreaterThanOrEqual(amount + fee);

    await openWallet(page);
    await expectBalance(page, before.sender.balance);
    await walletCard(page, 'عنوان محفظتك')
      .getByRole('img', { name: 'رمز QR لعنوان محفظتك' })
      .waitFor();
    if (viewport === 'phone') await expectNoSidewaysOverflow(page);
    await shot(page, '15', 'sender-before');

    await walletCard(page, 'رصيدك الحالي').getByRole('button', { name: 'تحويل رصيد' }).click();
    const dialog = page.getByRole('dialog', { name: 'تحويل رصيد' });
    await dialog.getByText(`رسوم التحويل: ${money(fee)}`).waitFor();
    const next = dialog.getByRole('button', { name: 'التالي' });
    expect(await next.isDisabled()).toBe(true);
    const addressField = dialog.getByRole('textbox', { name: /عنوان المحفظة المُحوَّل إليها/ });
    // One wrong digit: the lookup says so under the address, and nothing is sent.
    const wrong = before.recipient.address!.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    await addressField.fill(wrong);
    await dialog.getByRole('spinbutton', { name: /المبلغ بالجنيه/ }).fill(String(amount));
    await dialog.getByText(`يُخصم من رصيدك: ${money(amount + fee)}`).waitFor();
    await shot(page, '16', 'transfer', { fullPage: false });
    await next.click();
    await dialog.getByText('لم يتم العثور على المحفظة المُحوَّل إليها').waitFor();
    expect(await addressField.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => addressField.evaluate((field) => field === document.activeElement))
      .toBe(true);
    await shot(page, '16b', 'transfer-unknown-address', { fullPage: false });

    // The right address: who receives, before anything is sent.
    await addressField.fill(before.recipient.address!);
    await next.click();
    const card = dialog.getByRole('region', { name: 'تأكد من المستلم' });
    await card.waitFor();
    expect(await card.getByRole('term').allInnerTexts()).toEqual([
      'المستلم',
      'رقم الهاتف',
      'عنوان المحفظة',
      'المبلغ',
      'رسوم التحويل',
      'يُخصم من رصيدك',
    ]);
    expect(await card.getByRole('definition').allInnerTexts()).toEqual([
      DEMO.recipient.name,
      '011******78',
      before.recipient.address!,
      money(amount),
      money(fee),
      money(amount + fee),
    ]);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('تأكد من المستلم');
    expect((await serverWallet(senderToken)).wallet.balance).toBe(before.sender.balance);
    if (viewport === 'phone') await expectNoSidewaysOverflow(page);
    await shot(page, '16c', 'transfer-confirm', { fullPage: false });
    await dialog.getByRole('button', { name: 'تأكيد التحويل' }).click();

    await page.getByText('تم تحويل الرصيد بنجاح').waitFor();
    const after = before.sender.balance - amount - fee;
    await page
      .getByText(
        `تم تحويل ${money(amount)} إلى المحفظة ${before.recipient.address}. رصيدك الآن ${money(after)}.`,
      )
      .waitFor();
    await expectBalance(page, after);
    await expect
      .poll(() => ledgerRows(page).allInnerTexts())
      .toEqual(expect.arrayContaining([expect.stringContaining(`إلى ${DEMO.recipient.name}`)]));
    if (viewport === 'phone') await expectNoSidewaysOverflow(page);
    await shot(page, '17', 'sender-after');

    // The recipient, on a device of their own.
    const recipientSide = await openPage(browser, serverURL(), viewport);
    try {
      const recipientPage = recipientSide.page;
      await walletOf(recipientPage, DEMO.recipient);
      await expectBalance(recipientPage, before.recipient.balance + amount);
      await expect
        .poll(() => ledgerRows(recipientPage).first().innerText())
        .toContain(`من ${DEMO.sender.name}`);
      expect(await ledgerRows(recipientPage).first().innerText()).toContain(`+${money(amount)}`);
      await shot(recipientPage, '18', 'recipient-after');
    } finally {
      await recipientSide.context.close();
    }

    const sender = await serverWallet(senderToken);
    const recipient = await serverWallet(recipientToken);
    expect(sender.wallet.balance).toBe(after);
    expect(recipient.wallet.balance).toBe(before.recipient.balance + amount);
    const sentLeg = sender.transactions.data.find((row) => row.value === -amount);
    expect(sentLeg).toMatchObject({
      type: 'balance_transfer',
      transfer_resource: { recipient_user_name: DEMO.recipient.name },
    });
    expect(recipient.transactions.data[0]).toMatchObject({
      type: 'balance_transfer',
      value: amount,
      transfer_resource: { sender_user_name: DEMO.sender.name },
    });
    expect(pathname(page)).toBe('/wallet');
  });
});

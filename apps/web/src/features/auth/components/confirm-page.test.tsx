import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../../lib/session-context';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { fill } from '../../../test/fill';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { ConfirmPage } from './confirm-page';

const settings = settingsFixture({ email_verification: true });
const unconfirmed = userFixture({ email_verified_at: null });

/** The session's user confirmation, to see that a confirmation reaches the guards. */
function SessionConfirmed() {
  const verified = useSession().user?.email_verified_at;
  return <output aria-label="confirmed">{verified ? 'yes' : 'no'}</output>;
}

function renderConfirm() {
  return renderWithApp(
    <>
      <ConfirmPage />
      <SessionConfirmed />
    </>,
    { settings, user: unconfirmed },
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ConfirmPage', { timeout: 15_000 }, () => {
  it('confirms the e-mail with the code and updates the session', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi({
      'POST /api/v1/verify': () => ({
        body: { user: { ...unconfirmed, email_verified_at: '2024-06-01T10:00:00.000Z' } },
      }),
    });
    renderConfirm();
    expect(screen.getByText(/sara@example\.com/)).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'رمز التأكيد' }), '123456');
    await user.click(screen.getByRole('button', { name: 'تأكيد' }));
    expect(await screen.findByText('تم تأكيد بريدك الإلكتروني بنجاح')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'confirmed' })).toHaveTextContent('yes');
    expect(String(api.mock.calls[0]?.[1]?.body)).toBe('{"code":"123456"}');
  });

  it("shows the server's message for a wrong code", async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'POST /api/v1/verify': () => ({
        status: 422,
        body: {
          message: 'الرمز غير صحيح أو انتهت صلاحيته',
          code: 'INVALID_CODE',
          errors: { code: ['الرمز غير صحيح أو انتهت صلاحيته'] },
        },
      }),
    });
    renderConfirm();
    await fill(user, screen.getByRole('textbox', { name: 'رمز التأكيد' }), '000000');
    await user.click(screen.getByRole('button', { name: 'تأكيد' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('الرمز غير صحيح أو انتهت صلاحيته');
    expect(screen.getByRole('status', { name: 'confirmed' })).toHaveTextContent('no');
  });

  it('rests the resend button for a minute after a new code is sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    const api = mockApi({
      'POST /api/v1/verify/send': () => ({
        body: { message: 'أرسلنا رمزاً جديداً إلى بريدك الإلكتروني' },
      }),
    });
    renderConfirm();
    const resend = screen.getByRole('button', { name: 'إرسال الرمز مرة أخرى' });
    await user.click(resend);
    expect(await screen.findByText('أرسلنا رمزاً جديداً إلى بريدك الإلكتروني')).toBeInTheDocument();
    expect(resend).toBeDisabled();
    expect(screen.getByText('يمكنك طلب رمز جديد بعد 60 ثانية')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(resend).toBeEnabled();
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('refuses a code that is not 6 digits', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi({});
    renderConfirm();
    await fill(user, screen.getByRole('textbox', { name: 'رمز التأكيد' }), '12');
    await user.click(screen.getByRole('button', { name: 'تأكيد' }));
    expect(await screen.findByText('أدخل الرمز المكوّن من 6 أرقام')).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });
});

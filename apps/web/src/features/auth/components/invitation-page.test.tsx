import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../../app/router';
import { getToken } from '../../../lib/token-storage';
import { fill } from '../../../test/fill';
import { userFixture } from '../../../test/fixtures';
import { calledUrls, mockApi } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { tokenOfHash } from './invitation-page';

const TOKEN = 'k3YhT0kenThatIsLongEnough_abcdefghijkl';
const INVALID = 'الرابط غير صالح أو انتهت صلاحيته؛ اطلب من المدرسة رابطًا جديدًا';
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;
/** The route table's screens load on demand: allow for a slow first import. */
const LAZY = { timeout: 10_000 };

const invalid = () => ({
  status: 422,
  body: { message: INVALID, code: 'INVALID_CODE', errors: { token: [INVALID] } },
});

// A student the school added opens its set-password link (issue 28, ADR 052).
describe('the set-password link of a student the school added', { timeout: 30_000 }, () => {
  it('greets the student, asks for the password twice and signs them in as a login does', async () => {
    const user = userEvent.setup({ delay: null });
    const student = userFixture({ name: 'مريم عادل', phone: '01001234567', email: '' });
    const api = mockApi({
      'POST /api/v1/invitation/check': () => ({
        body: {
          data: { name: 'مريم عادل', phone: '01001234567', expires_at: '2026-12-07T10:00:00Z' },
        },
      }),
      'POST /api/v1/invitation/accept': () => ({ body: { token: 'session-1', user: student } }),
    });
    const { router } = renderRoutes(routes, { path: `/welcome#${TOKEN}` });

    expect(await screen.findByRole('heading', { name: 'مرحبًا مريم عادل' }, LAZY)).toBeVisible();
    expect(screen.getByText(/برقم هاتفك .01001234567./)).toBeInTheDocument();
    const password = screen.getByLabelText('كلمة المرور الجديدة');
    await fill(user, password, 'short');
    await fill(user, screen.getByLabelText('تأكيد كلمة المرور'), 'short');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور والدخول' }));
    // The sign-up's rule and message.
    expect(await screen.findByText('كلمة المرور يجب ألا تقل عن 8 أحرف')).toBeInTheDocument();
    await user.clear(password);
    await fill(user, password, 'mariam-pass-1');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور والدخول' }));
    expect(await screen.findByText('تأكيد كلمة المرور غير مطابق')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('تأكيد كلمة المرور'));
    await fill(user, screen.getByLabelText('تأكيد كلمة المرور'), 'mariam-pass-1');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور والدخول' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(getToken()).toBe('session-1');
    const invitationCalls = api.mock.calls
      .filter(([url]) => String(url).includes('/invitation/'))
      .map(([url, init]) => [String(url), bodyOf(init)]);
    expect(invitationCalls).toEqual([
      ['/api/v1/invitation/check', { token: TOKEN }],
      [
        '/api/v1/invitation/accept',
        { token: TOKEN, password: 'mariam-pass-1', password_confirmation: 'mariam-pass-1' },
      ],
    ]);
    // The token went in the bodies only, never in an address.
    expect(calledUrls(api).filter((url) => url.includes(TOKEN))).toEqual([]);
  });

  it("shows the server's message for a used or expired link, with support and the login", async () => {
    mockApi({ 'POST /api/v1/invitation/check': invalid });
    renderRoutes(routes, { path: `/welcome#${TOKEN}` });
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent(INVALID);
    expect(screen.getByRole('heading', { name: 'لا يعمل هذا الرابط' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'راسل الدعم' })).toHaveAttribute('href', '/help');
    expect(main.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');
  });

  it('says the same of an address without a token, asking the server nothing', async () => {
    const api = mockApi({});
    renderRoutes(routes, { path: '/welcome' });
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent(INVALID);
    expect(calledUrls(api).filter((url) => url.includes('/invitation/'))).toEqual([]);
  });

  it('goes to the message when the link is used up between the greeting and the password', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'POST /api/v1/invitation/check': () => ({
        body: { data: { name: 'مريم', phone: '01001234567', expires_at: '2026-12-07T10:00:00Z' } },
      }),
      'POST /api/v1/invitation/accept': invalid,
    });
    renderRoutes(routes, { path: `/welcome#${TOKEN}` });
    await fill(user, await screen.findByLabelText('كلمة المرور الجديدة', {}, LAZY), 'pass-word-1');
    await fill(user, screen.getByLabelText('تأكيد كلمة المرور'), 'pass-word-1');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور والدخول' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(getToken()).toBeNull();
  });
});

describe('tokenOfHash', () => {
  it('reads the token after #, decoded and trimmed', () => {
    expect(tokenOfHash('#abc-DEF_1')).toBe('abc-DEF_1');
    expect(tokenOfHash('#%61bc')).toBe('abc');
    expect(tokenOfHash('')).toBe('');
    expect(tokenOfHash('#%E0%A4%A')).toBe('%E0%A4%A');
  });
});

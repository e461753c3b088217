import { describe, expect, it } from 'vitest';
import { useQueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAppSettings } from '../lib/app-settings-context';
import { useSession } from '../lib/session-context';
import { getToken, setToken } from '../lib/token-storage';
import { settingsFixture } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { TestProviders } from '../test/render';
import { AppStart } from './app-start';

const user = {
  id: 1,
  name: 'سارة محمود',
  email: 'sara@example.com',
  phone: '01001234567',
  avatar: null,
  grade: null,
  groupId: null,
  balance: 0,
  notifications: [],
  notifications_count: 0,
  email_verified_at: null,
  profile_not_completed: false,
  my_courses: [],
  profile_qr_code: null,
  center_name: null,
};

function Probe() {
  const settings = useAppSettings();
  const { signedIn, user } = useSession();
  return (
    <p>{`ready ${settings.contact_email} ${signedIn ? `signed-in ${user?.name ?? ''}` : 'guest'}`}</p>
  );
}

function renderStart() {
  return render(
    <TestProviders>
      <AppStart>
        <Probe />
      </AppStart>
    </TestProviders>,
  );
}

describe('AppStart', () => {
  it('shows the splash, then the app with its settings', async () => {
    mockApi({ 'GET /api/v1/app': () => ({ body: { data: settingsFixture() } }) });
    renderStart();
    expect(screen.getByRole('status', { name: 'جارٍ تحميل المنصة' })).toBeInTheDocument();
    expect(await screen.findByText('ready support@dars.example guest')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'جارٍ تحميل المنصة' })).not.toBeInTheDocument(),
    );
  });

  it('shows the settings failure message and retries', async () => {
    let calls = 0;
    mockApi({
      'GET /api/v1/app': () =>
        ++calls <= 2
          ? { status: 500, body: { message: 'boom' } }
          : { body: { data: settingsFixture() } },
    });
    renderStart();
    expect(
      await screen.findByText('تعذر تحميل بيانات التطبيق، أعد فتح التطبيق', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText(/^ready/)).toBeInTheDocument();
  });

  it('shows the maintenance screen when the app is down', async () => {
    mockApi({
      'GET /api/v1/app': () => ({ body: { data: settingsFixture({ appIsDown: true }) } }),
    });
    renderStart();
    expect(
      await screen.findByRole('heading', { name: 'المنصة تحت الصيانة الآن' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^ready/)).not.toBeInTheDocument();
  });

  it('checks a stored token and signs the user in', async () => {
    setToken('good-token');
    const api = mockApi({
      'GET /api/v1/app': () => ({ body: { data: settingsFixture() } }),
      'POST /api/v1/auth/user': () => ({ body: { user } }),
    });
    renderStart();
    expect(
      await screen.findByText('ready support@dars.example signed-in سارة محمود'),
    ).toBeInTheDocument();
    const check = api.mock.calls.find(([url]) => String(url) === '/api/v1/auth/user');
    expect(new Headers(check?.[1]?.headers).get('Authorization')).toBe('Bearer good-token');
  });

  it('keeps the app mounted when the user is fetched again later', async () => {
    setToken('good-token');
    let name = user.name;
    mockApi({
      'GET /api/v1/app': () => ({ body: { data: settingsFixture() } }),
      // Slow, like a real network, so the refetch is seen in flight.
      'POST /api/v1/auth/user': () =>
        new Promise((resolve) =>
          setTimeout(() => resolve({ body: { user: { ...user, name } } }), 80),
        ),
    });
    function Refetcher() {
      const queryClient = useQueryClient();
      return (
        <button type="button" onClick={() => void queryClient.invalidateQueries()}>
          refetch
        </button>
      );
    }
    render(
      <TestProviders>
        <AppStart>
          <Probe />
          <Refetcher />
        </AppStart>
      </TestProviders>,
    );
    const probe = await screen.findByText(`ready support@dars.example signed-in ${user.name}`);
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'جارٍ تحميل المنصة' })).not.toBeInTheDocument(),
    );
    name = 'سارة محمود علي';
    await userEvent.click(screen.getByRole('button', { name: 'refetch' }));
    await waitFor(() => expect(probe).toHaveTextContent(`signed-in ${name}`));
    // The same element was updated in place: nothing remounted, no splash came back.
    expect(probe).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'جارٍ تحميل المنصة' })).not.toBeInTheDocument();
  });

  it('drops a token the server refuses and continues as a guest', async () => {
    setToken('stale-token');
    mockApi({
      'GET /api/v1/app': () => ({ body: { data: settingsFixture() } }),
      'POST /api/v1/auth/user': () => ({ status: 401, body: { message: 'Unauthenticated.' } }),
    });
    renderStart();
    expect(await screen.findByText('ready support@dars.example guest')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('shows the check failure message when the check fails otherwise', async () => {
    setToken('good-token');
    mockApi({
      'GET /api/v1/app': () => ({ body: { data: settingsFixture() } }),
      'POST /api/v1/auth/user': () => ({ status: 500, body: { message: 'boom' } }),
    });
    renderStart();
    expect(await screen.findByText('تعذر التحقق من بياناتك، أعد فتح التطبيق')).toBeInTheDocument();
    expect(getToken()).toBe('good-token');
  });
});

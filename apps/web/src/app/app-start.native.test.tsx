import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { settingsFixture } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { TestProviders } from '../test/render';
import { AppStart } from './app-start';

// An Android app at 1.0.0 inside the native wrapper.
vi.mock('../platform/platform', () => ({
  platform: {
    name: 'android',
    isNative: true,
    getAppVersion: async () => '1.0.0',
    openExternal: async () => undefined,
    hideSplash: async () => undefined,
  },
}));

function renderStart() {
  return render(
    <TestProviders>
      <AppStart>
        <p>ready</p>
      </AppStart>
    </TestProviders>,
  );
}

describe('AppStart on a native platform', () => {
  it('blocks an app below its stable version and links to its store', async () => {
    mockApi({
      'GET /api/v1/app': () => ({
        body: { data: settingsFixture({ android_stable_version: '1.0.2' }) },
      }),
    });
    renderStart();
    expect(
      await screen.findByRole('heading', { name: 'يتوفر إصدار جديد من التطبيق' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'احصل عليه من Google Play' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/apps/details?id=dars',
    );
    expect(screen.queryByText('ready')).not.toBeInTheDocument();
  });

  it('lets an up-to-date app start', async () => {
    mockApi({
      'GET /api/v1/app': () => ({
        body: {
          data: settingsFixture({ android_stable_version: '1.0.0', stable_version: '2.0.0' }),
        },
      }),
    });
    renderStart();
    expect(await screen.findByText('ready')).toBeInTheDocument();
  });
});

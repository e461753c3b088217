import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { courseFixture, settingsFixture } from '../test/fixtures';
import { mockApi } from '../test/mock-api';

afterEach(() => {
  vi.doUnmock('./app');
  vi.resetModules();
});

describe('AppBoot', () => {
  it('paints the splash at once, then the app when its code has arrived', async () => {
    mockApi({
      'GET /api/v1/app': () => ({ body: { data: settingsFixture() } }),
      'GET /api/v1/welcome': () => ({
        body: { featured_courses: [courseFixture({ featured: true })] },
      }),
    });
    const { AppBoot } = await import('./app-boot');
    render(<AppBoot />);
    // Before the lazy app has loaded: the first script's own splash.
    expect(screen.getByRole('status', { name: 'جارٍ تحميل المنصة' })).toBeInTheDocument();
    // The whole app is transformed on first import here: give it the time a cold start takes.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'تعلّم بذكاء، وتفوّق بثقة' },
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
  }, 30_000);

  it('offers a reload, not a blank page, when the app code fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.doMock('./app', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { AppBoot } = await import('./app-boot');
    render(<AppBoot />);
    expect(await screen.findByRole('alert')).toHaveTextContent('حدثت مشكلة غير متوقعة');
    expect(screen.getByRole('button', { name: 'إعادة تحميل الصفحة' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'جارٍ تحميل المنصة' })).not.toBeInTheDocument();
  });
});

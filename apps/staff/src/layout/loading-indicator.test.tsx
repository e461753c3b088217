import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminContext, testDataProvider, useGetList } from 'react-admin';
import { i18nProvider } from '../i18n/ar';
import { StaffLoadingIndicator } from './layout';

function CoursesLoading({ enabled }: { enabled: boolean }) {
  useGetList('courses', {}, { enabled });
  return <StaffLoadingIndicator />;
}

function renderBar(enabled: boolean) {
  const dataProvider = testDataProvider({
    // A call that is still running.
    getList: () => new Promise(() => {}),
  });
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <CoursesLoading enabled={enabled} />
    </AdminContext>,
  );
}

describe("the console bar's loading indicator", () => {
  it('names its spinner while a call runs, for a screen reader', async () => {
    renderBar(true);
    expect(await screen.findByRole('progressbar', { name: 'جار التحميل' })).toBeInTheDocument();
  });

  it('shows no spinner, only the refresh button, when nothing is loading', async () => {
    renderBar(false);
    expect(await screen.findByRole('button', { name: 'تحديث' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

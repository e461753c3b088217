import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestProviders } from '../../../test/render';
import { CourseSearchField } from './course-search-field';

describe('CourseSearchField', () => {
  it('searches what was typed into the server page before the app took it over', async () => {
    const onSearch = vi.fn();
    const field = (
      <TestProviders>
        <CourseSearchField query="" onSearch={onSearch} />
      </TestProviders>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(field);
    document.body.appendChild(container);
    // The visitor types before the scripts have run.
    container.querySelector('input')!.value = 'جبر';
    render(field, { container, hydrate: true });
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('جبر'));
    expect(screen.getByRole('textbox', { name: 'ابحث عن دورة' })).toHaveValue('جبر');
  });

  it('searches after a pause in typing, not at once, and not on mount', async () => {
    const onSearch = vi.fn();
    render(
      <TestProviders>
        <CourseSearchField query="" onSearch={onSearch} />
      </TestProviders>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'ابحث عن دورة' }), 'فيزياء');
    expect(onSearch).not.toHaveBeenCalledWith('فيزياء');
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('فيزياء'));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithApp, TestProviders } from '../../../test/render';
import { PhoneSearchBox } from './phone-search-box';

describe('PhoneSearchBox', () => {
  it('leads to the course list with the query', async () => {
    const { router } = renderWithApp(<PhoneSearchBox />, { path: '/about' });
    await userEvent.type(screen.getByRole('textbox', { name: 'ابحث عن دورة' }), ' كيمياء {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    expect(new URLSearchParams(router.state.location.search).get('query')).toBe('كيمياء');
  });

  it('does not search for blank text', async () => {
    const { router } = renderWithApp(<PhoneSearchBox />, { path: '/about' });
    await userEvent.type(screen.getByRole('textbox', { name: 'ابحث عن دورة' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'بحث' }));
    expect(router.state.location.pathname).toBe('/about');
  });

  it('searches what was typed into the server page before the app took it over', async () => {
    // The CI failure: a phone typed into the prerendered box, the app hydrated, Enter did nothing.
    const page = (router: ReturnType<typeof createMemoryRouter>) => (
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>
    );
    const routes = () => [
      { path: '/about', element: <PhoneSearchBox /> },
      { path: '*', element: null },
    ];
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      page(createMemoryRouter(routes(), { initialEntries: ['/about'] })),
    );
    document.body.appendChild(container);
    container.querySelector('input')!.value = 'جبر';
    const router = createMemoryRouter(routes(), { initialEntries: ['/about'] });
    render(page(router), { container, hydrate: true });
    const box = screen.getByRole('textbox', { name: 'ابحث عن دورة' });
    expect(box).toHaveValue('جبر');
    await act(async () => box.closest('form')!.requestSubmit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    expect(new URLSearchParams(router.state.location.search).get('query')).toBe('جبر');
  });
});

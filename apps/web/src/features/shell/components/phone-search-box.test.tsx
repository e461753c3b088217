import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../../test/render';
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
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestProviders } from '../test/render';
import { showUpdatePrompt, UPDATE_PROMPT_ID, UpdatePrompt } from './update-prompt';

let remove = () => {};
afterEach(() => {
  act(() => remove());
  remove = () => {};
});

describe('UpdatePrompt (ADR 056)', () => {
  it('says a new version is there, and «تحديث» hands over to it once', async () => {
    const onUpdate = vi.fn();
    render(
      <TestProviders>
        <UpdatePrompt onUpdate={onUpdate} />
      </TestProviders>,
    );
    const prompt = screen.getByRole('status');
    expect(prompt).toHaveTextContent('يتوفر إصدار جديد');
    const update = within(prompt).getByRole('button', { name: 'تحديث' });
    await userEvent.click(update);
    expect(onUpdate).toHaveBeenCalledOnce();
    // Handing over takes a moment (the page then reloads): a second tap does nothing.
    expect(update).toBeDisabled();
  });

  it('goes away with «لاحقاً» and hands over nothing', async () => {
    const onUpdate = vi.fn();
    render(
      <TestProviders>
        <UpdatePrompt onUpdate={onUpdate} />
      </TestProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'لاحقاً' }));
    expect(onUpdate).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(screen.queryByText('يتوفر إصدار جديد')).toBeNull());
  });

  it('is rendered once, in a root of its own outside the app', async () => {
    const onUpdate = vi.fn();
    await act(async () => {
      remove = showUpdatePrompt(onUpdate);
      showUpdatePrompt(onUpdate);
    });
    expect(document.querySelectorAll(`#${UPDATE_PROMPT_ID}`)).toHaveLength(1);
    const host = document.getElementById(UPDATE_PROMPT_ID)!;
    await vi.waitFor(() => expect(within(host).getByRole('status')).toBeInTheDocument());
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { AfterIdleNowContext, useAfterIdle } from './use-after-idle';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useAfterIdle', () => {
  it('is false on the first render and true once the browser is idle', () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((cb: () => void) => {
        idle = cb;
        return 1;
      }),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const { result } = renderHook(() => useAfterIdle(500));
    expect(result.current).toBe(false);
    expect(window.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), {
      timeout: 500,
    });
    act(() => idle?.());
    expect(result.current).toBe(true);
  });

  it('cancels the wait when unmounted first', () => {
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn(() => 7),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const { unmount } = renderHook(() => useAfterIdle());
    unmount();
    expect(window.cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('falls back to a timer where there is no idle callback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const { result } = renderHook(() => useAfterIdle());
    expect(result.current).toBe(false);
    await act(() => new Promise((r) => setTimeout(r, 5)));
    expect(result.current).toBe(true);
  });

  it("is true from the first render in the server's pass for the styles, and waits for nothing", () => {
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn(() => 1),
    );
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(AfterIdleNowContext.Provider, { value: true }, children);
    const { result } = renderHook(() => useAfterIdle(), { wrapper });
    expect(result.current).toBe(true);
    expect(window.requestIdleCallback).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { readClient } from './client-headers';

describe('readClient', () => {
  it('reads the platform and version the clients send', () => {
    expect(readClient({ 'app-platform': 'android', 'app-version': '1.0.2' })).toEqual({
      platform: 'android',
      version: '1.0.2',
    });
    expect(readClient({ 'app-platform': 'MINI' }).platform).toBe('mini');
  });

  it('falls back to web and no version for anything else', () => {
    expect(readClient({})).toEqual({ platform: 'web', version: null });
    expect(readClient({ 'app-platform': 'toaster', 'app-version': '1.0; drop' })).toEqual({
      platform: 'web',
      version: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { readClient } from './client-headers';

describe('readClient', () => {
  it('reads the platform and version the clients send', () => {
    expect(readClient({ 'app-platform': 'android', 'app-version': '1.0.2' })).toEqual({
      platform: 'android',
      version: '1.0.2',
      device: null,
    });
    expect(readClient({ 'app-platform': 'MINI' }).platform).toBe('mini');
  });

  it('falls back to web and no version for anything else', () => {
    expect(readClient({})).toEqual({ platform: 'web', version: null, device: null });
    expect(readClient({ 'app-platform': 'toaster', 'app-version': '1.0; drop' })).toEqual({
      platform: 'web',
      version: null,
      device: null,
    });
  });

  it('reads a device id of 16 to 128 letters, digits, - and _, and nothing else (ADR 051)', () => {
    const uuid = '3f2b8c1e-9a4d-4c7e-b1f0-2d6e8a9c0b11';
    expect(readClient({ 'app-device': uuid }).device).toBe(uuid);
    expect(readClient({ 'app-device': 'a'.repeat(16) }).device).toBe('a'.repeat(16));
    expect(readClient({ 'app-device': 'a'.repeat(128) }).device).toBe('a'.repeat(128));
    for (const bad of [
      'a'.repeat(15),
      'a'.repeat(129),
      `${'a'.repeat(20)} x`,
      `${'a'.repeat(20)};`,
    ])
      expect(readClient({ 'app-device': bad }).device, bad).toBeNull();
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('has working defaults: port 3000, SQLite under ./data of where npm ran', () => {
    const config = loadConfig({ INIT_CWD: REPO_ROOT });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.webDist).toBe(path.join(REPO_ROOT, 'apps/web/dist'));
  });

  it('honours PORT, HOST, DATA_DIR and a postgres DATABASE_URL', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/dars',
      DATABASE_URL: 'postgres://u@db/dars',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/dars',
      databaseUrl: 'postgres://u@db/dars',
    });
  });

  it('logs JSON on a school server and readable lines in the demo, unless LOG_FORMAT says', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'demo' }).logFormat).toBe('pretty');
    expect(loadConfig({ SEED: 'demo', LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ SEED: 'demo', LOG_FORMAT: '' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('refuses a bad value with a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
  });
});

describe('TRUST_PROXY', () => {
  it('reads true as one trusted hop, never as "trust every hop"', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('takes a list of proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
  });

  it('refuses anything else', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'loopback; rm' })).toThrow(/TRUST_PROXY/);
  });
});

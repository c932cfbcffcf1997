import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives sensible defaults for a first run', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATABASE_URL: 'file:./data/site.db',
      SITE_URL: 'http://localhost:3000',
      SEED_DEMO_CONTENT: true,
      TIME_ZONE: 'Australia/Sydney',
      TRUST_PROXY: false,
    });
  });

  it('reads good values', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://app@db:5432/site',
      SEED_DEMO_CONTENT: 'false',
      TRUST_PROXY: '1',
      REDIS_URL: 'redis://cache:6379',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({ PORT: 8080, SEED_DEMO_CONTENT: false, TRUST_PROXY: 1, LOG_LEVEL: 'warn' });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT .*\(got "eighty"\)$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must start with file: or postgres:\/\/$/],
    [{ SITE_URL: 'not a url' }, /^Invalid configuration: SITE_URL /],
    [{ SEED_DEMO_CONTENT: 'maybe' }, /^Invalid configuration: SEED_DEMO_CONTENT .*\(got "maybe"\)$/],
    [{ TIME_ZONE: 'Mars/Olympus' }, /^Invalid configuration: TIME_ZONE is not a known IANA time zone/],
    [{ NODE_ENV: 'production' }, /^Invalid configuration: SESSION_SECRET is required in production$/],
    [{ SESSION_SECRET: 'short' }, /^Invalid configuration: SESSION_SECRET must be at least 32 characters$/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never echoes a secret', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'hunter2' })).not.toThrow(/hunter2/);
  });
});

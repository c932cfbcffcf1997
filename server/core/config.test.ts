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

describe('loadConfig: lead capture settings', () => {
  it('defaults to ALTCHA, 5 a minute and 50 a day, a 70 s deadline, and no SMTP or webhook', () => {
    const c = loadConfig({});
    expect(c.SMTP_URL).toBeUndefined();
    expect(c.WEBHOOK_URL).toBeUndefined();
    expect(c).toMatchObject({
      CAPTCHA_PROVIDER: 'altcha',
      RATE_LIMIT_PER_MINUTE: 5,
      RATE_LIMIT_PER_DAY: 50,
      FUNCTION_TIMEOUT_MS: 70_000,
      RECAPTCHA_MIN_SCORE: 0.5,
    });
  });

  it('reads a reCAPTCHA set-up with its own verification URL', () => {
    const c = loadConfig({
      CAPTCHA_PROVIDER: 'recaptcha',
      CAPTCHA_SECRET: 's',
      RECAPTCHA_SITE_KEY: 'k',
      RECAPTCHA_MIN_SCORE: '0.7',
      CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9999/siteverify',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
    });
    expect(c).toMatchObject({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_MIN_SCORE: 0.7 });
  });

  it.each([
    [{ CAPTCHA_PROVIDER: 'hcaptcha' }, /^Invalid configuration: CAPTCHA_PROVIDER /],
    [
      { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'k' },
      /^Invalid configuration: CAPTCHA_SECRET is required when CAPTCHA_PROVIDER is recaptcha$/,
    ],
    [
      { CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SECRET: 's' },
      /^Invalid configuration: TURNSTILE_SITE_KEY is required when CAPTCHA_PROVIDER is turnstile$/,
    ],
    [{ RECAPTCHA_MIN_SCORE: '2' }, /^Invalid configuration: RECAPTCHA_MIN_SCORE /],
    [{ WEBHOOK_URL: 'https://hooks.example.com/x' }, /^Invalid configuration: WEBHOOK_SECRET is required when WEBHOOK_URL is set$/],
    [{ SMTP_URL: 'mail.example.com' }, /^Invalid configuration: SMTP_URL must start with smtp:\/\/ or smtps:\/\/$/],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, /^Invalid configuration: RATE_LIMIT_PER_MINUTE /],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('the outbox defaults', () => {
  it('send mail within a minute of SMTP answering again: a hung attempt times out, the channel pauses, a poll sends', () => {
    const c = loadConfig({});
    expect(c.OUTBOX_SEND_TIMEOUT_MS + c.OUTBOX_RETRY_MAX_MS + c.OUTBOX_POLL_MS).toBeLessThanOrEqual(60_000);
  });
});

describe('loadConfig: off-site backups', () => {
  const key = 'qUJ2vJ1m0y9s0bVq7S0Z4t0y3QeJ8W3o2c9mKx1QyLk=';

  it('is off by default, hourly, kept 24h,7d,4w,6m, checked weekly', () => {
    const c = loadConfig({});
    expect(c.BACKUP_URL).toBeUndefined();
    expect(c.BACKUP_EVERY).toBe(3_600_000);
    expect(c.BACKUP_VERIFY_EVERY).toBe(7 * 86_400_000);
    expect(c.BACKUP_KEEP).toEqual({ hours: 24, days: 7, weeks: 4, months: 6 });
  });

  it('reads the key as base64 or hex, durations and the retention', () => {
    const c = loadConfig({
      BACKUP_URL: 's3://site-backups/northbridge',
      BACKUP_KEY: key,
      BACKUP_EVERY: '15m',
      BACKUP_KEEP: '48h, 14d, 8w, 12m',
    });
    expect(c.BACKUP_KEY).toEqual(Buffer.from(key, 'base64'));
    expect(loadConfig({ BACKUP_KEY: 'ab'.repeat(32) }).BACKUP_KEY).toEqual(Buffer.alloc(32, 0xab));
    expect(c.BACKUP_EVERY).toBe(900_000);
    expect(c.BACKUP_KEEP).toEqual({ hours: 48, days: 14, weeks: 8, months: 12 });
  });

  it.each([
    [{ BACKUP_URL: 's3://b' }, /^Invalid configuration: BACKUP_URL must be s3:\/\/bucket/],
    [{ BACKUP_URL: 'https://bucket.example.com' }, /^Invalid configuration: BACKUP_URL must be s3:\/\/bucket/],
    [{ BACKUP_URL: 's3://site-backups' }, /^Invalid configuration: BACKUP_KEY is required when BACKUP_URL is set: must be 32 random bytes/],
    [
      { BACKUP_KEY: 'too-short' },
      /^Invalid configuration: BACKUP_KEY must be 32 random bytes as 64 hex characters or 44 base64 characters/,
    ],
    [{ BACKUP_EVERY: '1 hour' }, /^Invalid configuration: BACKUP_EVERY must be a number and a unit, e.g. 15m/],
    [{ BACKUP_EVERY: '0s' }, /^Invalid configuration: BACKUP_EVERY must be at least 1s/],
    [{ BACKUP_KEEP: 'forever' }, /^Invalid configuration: BACKUP_KEEP must be like 24h,7d,4w,6m/],
  ])('refuses %o in one line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never echoes the key', () => {
    expect(() => loadConfig({ BACKUP_KEY: 'my-secret-key' })).not.toThrow(/my-secret-key/);
  });
});

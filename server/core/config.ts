import { z } from 'zod';
import { DB_TIMEOUT_DEFAULTS } from '../../db/database.ts';
import { type AnalyticsLimits, DEFAULT_ANALYTICS_LIMITS } from '../../shared/analytics.ts';
import { IMPORT_REQUEST_WAIT_MS } from '../../shared/import-messages.ts';
import { UNUSED_IMAGE_DAYS } from '../../shared/images.ts';
import { CLIENT_IP_STORAGE_MODES } from './client-ip.ts';

/** Environment booleans: only the words people actually write, anything else is an error. */
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** `90s`, `15m`, `1h`, `7d` → milliseconds; at least a second (tests run backups every few seconds). */
const duration = z
  .string()
  .regex(/^\d+(s|m|h|d)$/, 'must be a number and a unit, e.g. 15m, 1h or 1d (s, m, h, d)')
  .transform((v) => Number(v.slice(0, -1)) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[v.at(-1) as 's' | 'm' | 'h' | 'd'])
  .refine((ms) => ms >= 1000, 'must be at least 1s');

const BACKUP_KEY_FORMAT = 'must be 32 random bytes as 64 hex characters or 44 base64 characters (openssl rand -base64 32)';

/** BACKUP_KEY as its 32 bytes, or undefined when it is not 32 bytes in hex or base64. */
function backupKey(value: string): Buffer | undefined {
  const bytes = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/]{43}=$/.test(value)
      ? Buffer.from(value, 'base64')
      : null;
  return bytes?.length === 32 ? bytes : undefined;
}

/** How many snapshots retention keeps: every one of the last `hours`, then one a day, a week, a month. */
export interface KeepPolicy {
  hours: number;
  days: number;
  weeks: number;
  months: number;
}

function keepPolicy(value: string): KeepPolicy | undefined {
  const match = /^(\d+)h,(\d+)d,(\d+)w,(\d+)m$/.exec(value.replaceAll(' ', ''));
  if (!match) return undefined;
  const [hours, days, weeks, months] = match.slice(1).map(Number) as [number, number, number, number];
  return { hours, days, weeks, months };
}

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
    DATABASE_URL: z
      .string()
      .regex(/^(file:|postgres(ql)?:\/\/)/, 'must start with file: or postgres://')
      .default('file:./data/site.db'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO_CONTENT: bool.default(true),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v) => (v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v)),
    TIME_ZONE: z
      .string()
      .default('Australia/Sydney')
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en-AU', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'is not a known IANA time zone'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis://')
      .optional(),
    // Fault tolerance (issue 14): how long the site waits on its database and Redis before it gives up.
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(DB_TIMEOUT_DEFAULTS.connectTimeoutMs),
    DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(DB_TIMEOUT_DEFAULTS.queryTimeoutMs),
    /** How long start-up keeps retrying an unreachable database before it gives up (exit 1, one line). */
    DATABASE_STARTUP_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
    REDIS_TIMEOUT_MS: z.coerce.number().int().min(50).default(1000),
    SESSION_IDLE_HOURS: z.coerce.number().positive().default(8),
    SESSION_MAX_DAYS: z.coerce.number().positive().default(7),
    REQUIRE_2FA: bool.default(false),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
    /** Failed sign-ins a minute, site-wide, from browsers no account knows, past which each must carry a proof of work. */
    LOGIN_PROOF_AFTER: z.coerce.number().int().min(1).default(20),
    TOTP_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    MAX_SESSIONS_PER_USER: z.coerce.number().int().min(1).default(10),
    ACKNOWLEDGEMENTS_PER_DAY: z.coerce.number().int().min(0).default(3),
    // Lead capture (issue 3): spam check, limits, notifications.
    CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'turnstile']).default('altcha'),
    CAPTCHA_SECRET: z.string().min(1).optional(),
    CAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
    ALTCHA_HMAC_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
    ALTCHA_MAX_COUNTER: z.coerce.number().int().min(1).max(10_000_000).default(3_000),
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    TURNSTILE_SITE_KEY: z.string().min(1).optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
    RATE_LIMIT_PER_DAY: z.coerce.number().int().min(1).default(50),
    MIN_FILL_MS: z.coerce.number().int().min(0).default(3_000),
    FUNCTION_TIMEOUT_MS: z.coerce.number().int().min(1).default(70_000),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Northbridge IT <hello@northbridge-it.com.au>'),
    STAFF_EMAIL: z.email().default('hello@northbridge-it.com.au'),
    // Replies one staff member may send visitors from lead pages in an hour (docs/product.md#lead-work).
    REPLIES_PER_HOUR: z.coerce.number().int().min(1).default(30),
    WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(5_000),
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
    OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
    // With the send timeout (30 s) and the poll (5 s), 20 s keeps the promise that mail follows SMTP's return
    // within a minute: an attempt hung on the dead server times out, the channel pauses, the next poll sends.
    OUTBOX_RETRY_MAX_MS: z.coerce.number().int().min(100).default(20_000),
    OUTBOX_LEASE_MS: z.coerce.number().int().min(1_000).default(120_000),
    OUTBOX_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    // Privacy (issue 6): how client IPs are kept with leads, and how long leads are kept (unset: for ever).
    CLIENT_IP_STORAGE: z.enum(CLIENT_IP_STORAGE_MODES).default('truncate'),
    IP_HASH_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    LEAD_RETENTION_DAYS: z.coerce.number().int().min(1).optional(),
    // Uploaded images nothing uses are deleted this many days after their last use (docs/product.md#media).
    UNUSED_IMAGE_DAYS: z.coerce.number().int().min(1).default(UNUSED_IMAGE_DAYS),
    // An import asked for on one instance waits this long for the instance holding its file (docs/product.md#import).
    IMPORT_REQUEST_WAIT_MS: z.coerce.number().int().min(100).default(IMPORT_REQUEST_WAIT_MS),
    // Memory for rendered public pages (page-cache.ts), each kept uncompressed, gzipped and brotli-compressed.
    PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
    // Visitor counting and lead attribution (docs/product.md#analytics); false turns all of it off.
    ANALYTICS: bool.default(true),
    // What one day's counting may store, whatever the traffic (docs/product.md#analytics).
    ANALYTICS_SOURCES_PER_DAY: z.coerce.number().int().min(1).default(DEFAULT_ANALYTICS_LIMITS.sourcesPerDay),
    ANALYTICS_VISITORS_PER_DAY: z.coerce.number().int().min(1).default(DEFAULT_ANALYTICS_LIMITS.visitorsPerDay),
    // GET /metrics answers only with `Authorization: Bearer <this>`; unset, the address does not exist.
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    // Off-site backups of the SQLite database (docs/operations.md#off-site-backups): where, with which key, how often.
    BACKUP_URL: z
      .string()
      .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 'must be s3://bucket or s3://bucket/prefix')
      .optional(),
    BACKUP_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    BACKUP_KEY: z
      .string()
      .refine((v) => backupKey(v) !== undefined, BACKUP_KEY_FORMAT)
      .transform((v) => backupKey(v)!)
      .optional(),
    AWS_REGION: z.string().min(1).optional(),
    BACKUP_EVERY: duration.default(3_600_000),
    BACKUP_VERIFY_EVERY: duration.default(7 * 86_400_000),
    BACKUP_KEEP: z
      .string()
      .default('24h,7d,4w,6m')
      .refine((v) => keepPolicy(v) !== undefined, 'must be like 24h,7d,4w,6m (hours, days, weeks, months)')
      .transform((v) => keepPolicy(v)!),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    }
    if (c.CAPTCHA_PROVIDER !== 'altcha' && !c.CAPTCHA_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['CAPTCHA_SECRET'], message: `is required when CAPTCHA_PROVIDER is ${c.CAPTCHA_PROVIDER}` });
    }
    const siteKey = c.CAPTCHA_PROVIDER === 'recaptcha' ? 'RECAPTCHA_SITE_KEY' : 'TURNSTILE_SITE_KEY';
    if (c.CAPTCHA_PROVIDER !== 'altcha' && !c[siteKey]) {
      ctx.addIssue({ code: 'custom', path: [siteKey], message: `is required when CAPTCHA_PROVIDER is ${c.CAPTCHA_PROVIDER}` });
    }
    if (c.OUTBOX_SEND_TIMEOUT_MS >= c.OUTBOX_LEASE_MS) {
      ctx.addIssue({ code: 'custom', path: ['OUTBOX_SEND_TIMEOUT_MS'], message: 'must be shorter than OUTBOX_LEASE_MS' });
    }
    if (c.BACKUP_URL && !c.BACKUP_KEY) {
      ctx.addIssue({ code: 'custom', path: ['BACKUP_KEY'], message: `is required when BACKUP_URL is set: ${BACKUP_KEY_FORMAT}` });
    }
    if (c.WEBHOOK_URL && !c.WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['WEBHOOK_SECRET'], message: 'is required when WEBHOOK_URL is set' });
    }
  });

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

export function analyticsLimits(config: Config): AnalyticsLimits {
  return {
    ...DEFAULT_ANALYTICS_LIMITS,
    sourcesPerDay: config.ANALYTICS_SOURCES_PER_DAY,
    visitorsPerDay: config.ANALYTICS_VISITORS_PER_DAY,
  };
}

/** Parses the environment once; the first problem is reported as one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const result = ConfigSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? 'environment');
  // Secrets and connection strings (which may carry passwords) are never echoed.
  const isSecret = /SECRET|PASSWORD|KEY|TOKEN|_URL$/.test(name);
  const value = typeof env[name] === 'string' && !isSecret ? ` (got "${env[name]}")` : '';
  throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${issue.code === 'custom' ? '' : value}`);
}

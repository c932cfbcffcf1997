import { z } from 'zod';

/** Environment booleans: only the words people actually write, anything else is an error. */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis://').optional(),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    }
  });

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

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

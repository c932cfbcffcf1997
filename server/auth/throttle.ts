import type { Db } from '../../db/database.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-messages.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { countActionsSince } from '../services/audit.ts';

/**
 * Refuses a sign-in when its account or its IP had LOGIN_MAX_FAILURES failed attempts within the last
 * LOGIN_WINDOW_MINUTES. Failures are read from the audit log, so every instance shares the count.
 */
export async function assertSignInAllowed(db: Db, config: Config, email: string, ip: string | undefined): Promise<void> {
  const since = new Date(Date.now() - config.LOGIN_WINDOW_MINUTES * 60_000);
  const [byAccount, byIp] = await Promise.all([
    countActionsSince(db, 'auth.sign_in_failed', since, { target: email }),
    ip ? countActionsSince(db, 'auth.sign_in_failed', since, { ip }) : Promise.resolve(0),
  ]);
  if (byAccount >= config.LOGIN_MAX_FAILURES || byIp >= config.LOGIN_MAX_FAILURES) {
    throw new AppError('RESOURCE_EXHAUSTED', ADMIN_MESSAGES.loginThrottled(config.LOGIN_WINDOW_MINUTES), {
      headers: { 'Retry-After': String(Math.ceil(config.LOGIN_WINDOW_MINUTES * 60)) },
    });
  }
}

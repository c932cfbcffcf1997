import { createHmac, randomBytes } from 'node:crypto';
import type { PublicCaptchaConfig } from '../../../shared/page-context.ts';
import type { Config } from '../../core/config.ts';
import type { CspAdditions } from '../../http/security-headers.ts';
import { type AltchaCaptcha, createAltchaCaptcha } from './altcha.ts';
import { DEFAULT_VERIFY_URLS, createSiteverifyCaptcha } from './siteverify.ts';
import type { CaptchaVerifier } from './types.ts';

export type { CaptchaAction, CaptchaResult, CaptchaVerifier } from './types.ts';
export { CaptchaUnavailableError } from './types.ts';

export interface Captcha {
  verifier: CaptchaVerifier;
  /** Present when the provider is ALTCHA: the challenge endpoint serves its challenges. */
  altcha?: AltchaCaptcha;
}

/** Picks the provider named by CAPTCHA_PROVIDER (ALTCHA unless told otherwise). */
export function createCaptcha(config: Config): Captcha {
  if (config.CAPTCHA_PROVIDER === 'altcha') {
    const altcha = createAltchaCaptcha({
      hmacKey: altchaKey(config),
      cost: config.ALTCHA_COST,
      maxCounter: config.ALTCHA_MAX_COUNTER,
    });
    return { verifier: altcha, altcha };
  }
  const provider = config.CAPTCHA_PROVIDER;
  return {
    verifier: createSiteverifyCaptcha({
      provider,
      secret: config.CAPTCHA_SECRET!,
      verifyUrl: config.CAPTCHA_VERIFY_URL ?? DEFAULT_VERIFY_URLS[provider],
      ...(provider === 'recaptcha' ? { minScore: config.RECAPTCHA_MIN_SCORE } : {}),
    }),
  };
}

/**
 * ALTCHA_HMAC_KEY, or one derived from SESSION_SECRET so a single secret suffices; a development server
 * without either gets a random key (challenges then do not survive a restart).
 */
export function altchaKey(config: Pick<Config, 'ALTCHA_HMAC_KEY' | 'SESSION_SECRET'>): string {
  if (config.ALTCHA_HMAC_KEY) return config.ALTCHA_HMAC_KEY;
  if (config.SESSION_SECRET) return createHmac('sha256', config.SESSION_SECRET).update('altcha-challenges').digest('hex');
  return devKey;
}
const devKey = randomBytes(32).toString('hex');

/** What the browser needs to show the right widget (never a secret). */
export function publicCaptchaConfig(config: Config): PublicCaptchaConfig {
  const siteKey =
    config.CAPTCHA_PROVIDER === 'recaptcha'
      ? config.RECAPTCHA_SITE_KEY
      : config.CAPTCHA_PROVIDER === 'turnstile'
        ? config.TURNSTILE_SITE_KEY
        : undefined;
  return { provider: config.CAPTCHA_PROVIDER, siteKey: siteKey ?? null };
}

/** The origins the browser must be allowed to load the chosen widget from (ALTCHA is served by us). */
export function captchaCspSources(provider: Config['CAPTCHA_PROVIDER']): CspAdditions {
  switch (provider) {
    case 'recaptcha':
      return {
        script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
        frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
      };
    case 'turnstile':
      return { script: ['https://challenges.cloudflare.com'], frame: ['https://challenges.cloudflare.com'] };
    default:
      return {};
  }
}

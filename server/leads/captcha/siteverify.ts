import type { CaptchaAction, CaptchaResult, CaptchaVerifier } from './types.ts';
import { CaptchaUnavailableError } from './types.ts';

interface SiteverifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  'error-codes'?: string[];
}

export interface SiteverifyOptions {
  provider: 'recaptcha' | 'turnstile';
  secret: string;
  verifyUrl: string;
  /** reCAPTCHA v3 only: answers scoring below this are refused. */
  minScore?: number;
  timeoutMs?: number;
}

export const DEFAULT_VERIFY_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

/**
 * reCAPTCHA v3 and Cloudflare Turnstile share the "siteverify" protocol: a form post of secret, token and
 * client IP, answered with `success`, the `action` the page declared and (reCAPTCHA) a `score`. Both
 * providers refuse a token seen before, so replays need no bookkeeping here.
 */
export function createSiteverifyCaptcha(options: SiteverifyOptions): CaptchaVerifier {
  return {
    provider: options.provider,
    async verify(token, { action, ip }): Promise<CaptchaResult> {
      const form = new URLSearchParams({ secret: options.secret, response: token });
      if (ip) form.set('remoteip', ip);
      let answer: SiteverifyAnswer;
      try {
        const res = await fetch(options.verifyUrl, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        answer = (await res.json()) as SiteverifyAnswer;
      } catch (err) {
        throw new CaptchaUnavailableError(`${options.provider} verification unreachable: ${(err as Error).message}`);
      }
      return judge(answer, action, options.minScore);
    },
  };
}

function judge(answer: SiteverifyAnswer, action: CaptchaAction, minScore: number | undefined): CaptchaResult {
  if (answer.success !== true) {
    const codes = answer['error-codes'] ?? [];
    return { ok: false, reason: codes.includes('timeout-or-duplicate') ? 'expired' : 'invalid' };
  }
  // Turnstile returns the action only when the widget declared one; reCAPTCHA v3 always does.
  if (answer.action !== undefined && answer.action !== action) return { ok: false, reason: 'wrong-action' };
  if (minScore !== undefined && (typeof answer.score !== 'number' || answer.score < minScore)) {
    return { ok: false, reason: 'low-score' };
  }
  return { ok: true };
}

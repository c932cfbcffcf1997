import { FIELD_MESSAGES, captchaWarning } from '../../shared/messages.ts';
import { CAPTCHA_TOKEN_FIELD, type FieldErrors } from '../../shared/schemas/fields.ts';
import { type CaptchaHandle, CaptchaProblem } from '../CaptchaWidget.tsx';
import { RequestError, callFunction } from '../request.ts';

/** What became of a submission, and what the visitor is told (a success text is the form's own). */
export type LeadOutcome = { kind: 'success' } | { kind: 'fields'; fields: FieldErrors } | { kind: 'warning' | 'error'; message: string };

export interface LeadSubmission {
  name: 'submitContact' | 'submitQuote';
  /** The form's values, times and honeypot; the captcha token and submittedAt are added here. */
  data: Record<string, unknown>;
  captcha: CaptchaHandle | null;
  provider: string;
  idempotencyKey: string;
  /** This form's failure text (docs/product.md#messages). */
  failure: string;
}

/** Both lead forms' submit: the spam check's token, the call, and the outcome in the visitor's words. */
export async function submitLead({ name, data, captcha, provider, idempotencyKey, failure }: LeadSubmission): Promise<LeadOutcome> {
  let token: string;
  try {
    token = await captcha!.getToken();
  } catch (err) {
    return { kind: 'warning', message: captchaWarning(err instanceof CaptchaProblem ? err.kind : 'notLoaded', provider) };
  }
  try {
    await callFunction(name, { ...data, [CAPTCHA_TOKEN_FIELD]: token, submittedAt: new Date().toISOString() }, { idempotencyKey });
    return { kind: 'success' };
  } catch (err) {
    if (!(err instanceof RequestError)) return { kind: 'error', message: failure };
    if (Object.keys(err.fields).length) return { kind: 'fields', fields: err.fields };
    // A refused spam check (403) needs a fresh check, not a different message.
    if (err.status === 403) return { kind: 'warning', message: captchaWarning('empty', provider) };
    return { kind: 'error', message: err.status === 429 ? FIELD_MESSAGES.rateLimited : failure };
  } finally {
    captcha?.reset();
  }
}

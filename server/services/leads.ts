import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { isDatabaseUnavailable } from '../../db/availability.ts';
import type { Db } from '../../db/database.ts';
import { CaptchaReplayError, type NewLead, createLeadStore } from '../../db/queries/leads.ts';
import { captchaWarning } from '../../shared/messages.ts';
import { ContactSchema } from '../../shared/schemas/contact.ts';
import { type SubmissionMeta, fieldErrors } from '../../shared/schemas/fields.ts';
import { type Quote, QuoteSchema, splitServiceDetails } from '../../shared/schemas/quote.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { type CaptchaAction, CaptchaUnavailableError, type CaptchaVerifier } from './captcha/index.ts';
import { privacyHashKey, storedClientIp } from './client-ip.ts';
import { leadNotifications } from './lead-notifications.ts';

export interface SubmitContext {
  ip?: string | undefined;
}

export interface LeadService {
  submitContact(data: unknown, context: SubmitContext): Promise<{ id: string }>;
  submitQuote(data: unknown, context: SubmitContext): Promise<{ id: string }>;
}

export interface LeadServiceDeps {
  db: Db;
  captcha: CaptchaVerifier;
  logger: Logger;
  config: Pick<Config, 'MIN_FILL_MS' | 'SITE_URL' | 'STAFF_EMAIL' | 'WEBHOOK_URL' | 'CLIENT_IP_STORAGE' | 'IP_HASH_KEY' | 'SESSION_SECRET'>;
}

/**
 * The lead flow after the rate limit: captcha token present → fields valid → captcha verified → one
 * transaction (used captcha solution, lead, notifications). Success is reported only after the commit.
 * Spam (honeypot filled or form sent faster than a person can) is stored as `spam`, answered like any other
 * lead, and notifies no one.
 */
export function createLeadService(deps: LeadServiceDeps): LeadService {
  const { captcha, logger, config } = deps;
  const leads = createLeadStore(deps.db);

  async function accept<T extends SubmissionMeta>(
    data: unknown,
    schema: z.ZodMiniType<T>,
    action: CaptchaAction,
    context: SubmitContext,
    toLead: (input: T, base: { id: string; status: string; clientIp: string | null; createdAt: string; submittedAt: string | null }) => NewLead,
  ): Promise<{ id: string }> {
    const token = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)['g-recaptcha-response'] : undefined;
    if (typeof token !== 'string' || token === '') {
      throw new AppError('PERMISSION_DENIED', captchaWarning('empty', captcha.provider));
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new AppError('INVALID_ARGUMENT', 'Some fields are missing or not valid.', { details: { fields: fieldErrors(parsed.error) } });
    }
    let verdict;
    try {
      verdict = await captcha.verify(token, { action, ip: context.ip });
    } catch (err) {
      if (err instanceof CaptchaUnavailableError) throw new AppError('UNAVAILABLE', 'The spam check is unavailable. Please try again shortly.');
      throw err;
    }
    if (!verdict.ok) {
      throw new AppError('PERMISSION_DENIED', captchaWarning('empty', captcha.provider), { details: { reason: verdict.reason } });
    }

    const input = parsed.data;
    const isSpam = looksLikeSpam(input, config.MIN_FILL_MS);
    const lead = toLead(input, {
      id: randomUUID(),
      status: isSpam ? 'spam' : 'new',
      clientIp: storedClientIp(context.ip, config.CLIENT_IP_STORAGE, privacyHashKey(config)),
      createdAt: new Date().toISOString(),
      submittedAt: input.submittedAt ?? null,
    });
    const outbox = isSpam
      ? []
      : leadNotifications(lead, { siteUrl: config.SITE_URL, staffEmail: config.STAFF_EMAIL, hasWebhook: Boolean(config.WEBHOOK_URL) });
    try {
      await leads.store(lead, { singleUse: verdict.singleUse, outbox });
    } catch (err) {
      if (err instanceof CaptchaReplayError) {
        throw new AppError('PERMISSION_DENIED', captchaWarning('empty', captcha.provider), { details: { reason: 'replayed' } });
      }
      if (isDatabaseUnavailable(err)) {
        logger.error({ err }, 'lead not stored: database unavailable');
        throw new AppError('UNAVAILABLE', 'We could not save your submission right now. Please try again shortly.');
      }
      throw err;
    }
    if (isSpam) logger.info({ leadId: lead.lead.id, type: lead.type }, 'submission stored as spam');
    return { id: lead.lead.id };
  }

  return {
    submitContact: (data, context) =>
      accept(data, ContactSchema, 'contact_form', context, (c, base) => ({
        type: 'contact',
        lead: {
          ...base,
          name: c.name,
          email: c.email,
          company: c.company || null,
          service: c.service ?? null,
          message: c.message,
        },
      })),
    submitQuote: (data, context) =>
      accept(data, QuoteSchema as unknown as z.ZodMiniType<Quote>, 'quote_form', context, (q, base) => ({
        type: 'quote',
        lead: {
          ...base,
          service: q.service,
          name: q.name,
          email: q.email,
          company: q.company || null,
          phone: q.phone || null,
          companySize: q.companySize ?? null,
          budget: q.budget ?? null,
          timeline: q.timeline ?? null,
          startDate: q.startDate,
          completionDate: q.completionDate,
          description: q.description,
          details: splitServiceDetails(q),
        },
      })),
  };
}

/** The honeypot has text, or the form was sent sooner after it was shown than a person could fill it in. */
function looksLikeSpam(meta: SubmissionMeta, minFillMs: number): boolean {
  if (meta.website && meta.website.trim() !== '') return true;
  if (!meta.startedAt) return false;
  // Both times come from the visitor's clock, so a wrong clock does not matter.
  const sentAt = meta.submittedAt ? Date.parse(meta.submittedAt) : Date.now();
  return sentAt - Date.parse(meta.startedAt) < minFillMs;
}

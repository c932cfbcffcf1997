import { createHash, randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { isDatabaseUnavailable } from '../../db/availability.ts';
import type { Db } from '../../db/database.ts';
import { createLeadStore } from '../../db/group-commit.ts';
import { findIdempotentLead } from '../../db/queries/idempotency.ts';
import {
  CaptchaReplayError,
  DeadlinePassedError,
  IdempotencyKeyUsedError,
  type LeadState,
  type NewLead,
  type SpamReason,
} from '../../shared/leads.ts';
import { API_MESSAGES, FIELD_MESSAGES, MESSAGES, captchaWarning } from '../../shared/messages.ts';
import { ContactSchema } from '../../shared/schemas/contact.ts';
import { CAPTCHA_TOKEN_FIELD, type SubmissionMeta } from '../../shared/schemas/fields.ts';
import { QuoteSchema, splitServiceDetails } from '../../shared/schemas/quote.ts';
import { NO_METRICS, type SiteMetrics } from '../http/metrics.ts';
import { CONTACT_FIELDS, QUOTE_COLUMN_FIELDS, fieldValues } from '../../shared/lead-fields.ts';
import type { Config } from '../core/config.ts';
import { AppError, invalidFields } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import { type CaptchaAction, CaptchaUnavailableError, type CaptchaVerifier } from './captcha/index.ts';
import { privacyHashKey, storedClientIp } from '../core/client-ip.ts';
import { createAcknowledgementQuota } from './acknowledgement-quota.ts';
import { leadNotifications } from '../outbox/notifications.ts';
import type { RedisLink } from '../http/redis.ts';
import type { SettingsReader } from '../settings/settings-service.ts';
import { NO_VISIT_COUNTER, type VisitCounter, type VisitKey } from '../analytics/visit-counter.ts';

export interface SubmitContext {
  ip?: string | undefined;
  /** The request's Idempotency-Key: a retry with the same key gets the first outcome, nothing stored twice. */
  idempotencyKey?: string | undefined;
  /** Aborted at the request's deadline: the visitor was told to retry, so nothing may be committed after. */
  signal?: AbortSignal | undefined;
  /** The visit this submission ends, to record where it came from (null: not to be linked). */
  visit?: VisitKey | null;
}

/** How long a submission's key is remembered; visitors retry within minutes. */
const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** What each attempt of one submission sends anew: the browser asks for a fresh captcha token and send time. */
const FRESH_PER_ATTEMPT = new Set([CAPTCHA_TOKEN_FIELD, 'submittedAt']);

/**
 * SHA-256 of what a retry repeats (the visitor's values), stored with its Idempotency-Key: only the same values
 * get the first outcome back, so a key seen by someone else reveals nothing they did not send themselves.
 */
function submissionHash(data: unknown): string {
  const values = typeof data === 'object' && data !== null ? Object.entries(data).filter(([name]) => !FRESH_PER_ATTEMPT.has(name)) : data;
  return createHash('sha256').update(JSON.stringify(values)).digest('hex');
}

function deadlinePassed(): AppError {
  return new AppError('DEADLINE_EXCEEDED', API_MESSAGES.deadline);
}

export interface LeadService {
  submitContact(data: unknown, context: SubmitContext): Promise<{ id: string }>;
  submitQuote(data: unknown, context: SubmitContext): Promise<{ id: string }>;
}

export interface LeadServiceDeps {
  db: Db;
  captcha: CaptchaVerifier;
  logger: Logger;
  config: Pick<
    Config,
    | 'MIN_FILL_MS'
    | 'SITE_URL'
    | 'STAFF_EMAIL'
    | 'TIME_ZONE'
    | 'WEBHOOK_URL'
    | 'CLIENT_IP_STORAGE'
    | 'IP_HASH_KEY'
    | 'SESSION_SECRET'
    | 'ACKNOWLEDGEMENTS_PER_DAY'
  >;
  /** Counts acknowledgements per address across instances when REDIS_URL is set. */
  redis?: RedisLink | undefined;
  /** The company details the acknowledgement signs with. */
  settings: SettingsReader;
  /** Counts each lead's outcome (GET /metrics). */
  metrics?: SiteMetrics;
  /** Counts the funnel's last step and links each lead to its visit (docs/product.md#analytics). */
  visits?: VisitCounter;
  /** Told of each lead kept, so a quiet day's first lead is off-site within minutes (server/backup/backup-schedule.ts). */
  backups?: { leadStored(createdAt: string): void } | undefined;
  /** Each service's name as staff published it, for the e-mails (server/site-words/); the catalogue's without it. */
  serviceNames?: () => Promise<Readonly<Record<string, string>>>;
}

/**
 * The lead flow after the rate limit: captcha token present → fields valid → captcha verified → one
 * transaction (used captcha solution, lead, notifications). Success is reported only after the commit.
 * Spam (honeypot filled or form sent faster than a person can) is stored as `spam`, answered like any other
 * lead, and notifies no one.
 */
export function createLeadService(deps: LeadServiceDeps): LeadService {
  const { captcha, logger, config, metrics = NO_METRICS, visits = NO_VISIT_COUNTER } = deps;
  const leads = createLeadStore(deps.db);
  const acknowledgements = createAcknowledgementQuota(config.ACKNOWLEDGEMENTS_PER_DAY, deps.redis);

  async function accept<T extends SubmissionMeta>(
    data: unknown,
    schema: z.ZodMiniType<T>,
    action: CaptchaAction,
    failureText: string,
    context: SubmitContext,
    toLead: (input: T, base: LeadState) => NewLead,
  ): Promise<{ id: string }> {
    const scope = action;
    const { idempotencyKey, signal } = context;
    const bodyHash = submissionHash(data);
    /** The first outcome for an exact retry; a key used with another submission is refused, revealing nothing. */
    const earlierOutcome = async (key: string): Promise<{ id: string } | null> => {
      const earlier = await findIdempotentLead(deps.db, scope, key);
      if (!earlier) return null;
      if (earlier.bodyHash !== bodyHash) throw new AppError('ABORTED', API_MESSAGES.idempotencyKeyReused);
      return { id: earlier.leadId };
    };
    if (idempotencyKey) {
      const earlier = await earlierOutcome(idempotencyKey);
      if (earlier) return earlier;
    }
    const token = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[CAPTCHA_TOKEN_FIELD] : undefined;
    if (typeof token !== 'string' || token === '') {
      throw new AppError('PERMISSION_DENIED', captchaWarning('empty', captcha.provider));
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw invalidFields(FIELD_MESSAGES.someInvalid, parsed.error);
    }
    let verdict;
    try {
      verdict = await captcha.verify(token, { action, ip: context.ip });
    } catch (err) {
      if (err instanceof CaptchaUnavailableError) throw new AppError('UNAVAILABLE', API_MESSAGES.captchaUnavailable);
      throw err;
    }
    if (!verdict.ok) {
      throw new AppError('PERMISSION_DENIED', captchaWarning('empty', captcha.provider), { details: { reason: verdict.reason } });
    }

    if (signal?.aborted) throw deadlinePassed();

    const input = parsed.data;
    const reason = spamReason(input, config.MIN_FILL_MS);
    const isSpam = reason !== null;
    const lead = toLead(input, {
      id: randomUUID(),
      status: isSpam ? 'spam' : 'new',
      spamReason: reason,
      clientIp: storedClientIp(context.ip, config.CLIENT_IP_STORAGE, privacyHashKey(config)),
      createdAt: new Date().toISOString(),
      submittedAt: input.submittedAt ?? null,
    });
    const outbox = isSpam
      ? []
      : leadNotifications(lead, {
          siteUrl: config.SITE_URL,
          staffEmail: config.STAFF_EMAIL,
          timeZone: config.TIME_ZONE,
          hasWebhook: Boolean(config.WEBHOOK_URL),
          acknowledge: await acknowledgements.take(lead.lead.email),
          company: await deps.settings.current(),
          serviceNames: await deps.serviceNames?.(),
        });
    try {
      const key = idempotencyKey
        ? {
            scope,
            key: idempotencyKey,
            leadId: lead.lead.id,
            expiresAt: new Date(Date.now() + IDEMPOTENCY_KEY_TTL_MS).toISOString(),
            bodyHash,
          }
        : undefined;
      await leads.store(lead, { singleUse: verdict.singleUse, outbox, idempotencyKey: key, signal });
    } catch (err) {
      // The same submission, sent again while the first was being stored: the first one's outcome.
      if (err instanceof IdempotencyKeyUsedError && idempotencyKey) {
        const earlier = await earlierOutcome(idempotencyKey);
        if (earlier) return earlier;
      }
      if (err instanceof DeadlinePassedError) throw deadlinePassed();
      if (err instanceof CaptchaReplayError) {
        throw new AppError('PERMISSION_DENIED', captchaWarning('empty', captcha.provider), { details: { reason: 'replayed' } });
      }
      // The visitor reads the form's own failure text (docs/product.md#messages); the log gets the real cause, once.
      if (isDatabaseUnavailable(err)) throw new AppError('UNAVAILABLE', failureText, { cause: err });
      throw err;
    }
    if (isSpam) logger.info({ leadId: lead.lead.id, type: lead.type, reason }, 'submission stored as spam');
    else {
      await visits.leadStored({ type: lead.type, id: lead.lead.id, createdAt: lead.lead.createdAt }, context.visit ?? null);
      deps.backups?.leadStored(lead.lead.createdAt);
    }
    metrics.lead(lead.type, isSpam ? 'held' : 'accepted');
    return { id: lead.lead.id };
  }

  /** A refusal the visitor can act on (fields, spam check, a reused key) is counted; busy or broken is not. */
  function countRefusal(type: 'quote' | 'contact') {
    return (err: unknown): never => {
      if (err instanceof AppError && err.status < 500 && err.status !== 429) metrics.lead(type, 'refused');
      throw err;
    };
  }

  return {
    submitContact: (data, context) =>
      accept(data, ContactSchema, 'contact_form', MESSAGES.contactError, context, (c, base) => ({
        type: 'contact',
        lead: { ...base, ...fieldValues(CONTACT_FIELDS, c) },
      })).catch(countRefusal('contact')),
    submitQuote: (data, context) =>
      accept(data, QuoteSchema, 'quote_form', MESSAGES.quoteError, context, (q, base) => ({
        type: 'quote',
        lead: { ...base, ...fieldValues(QUOTE_COLUMN_FIELDS, q), details: splitServiceDetails(q) },
      })).catch(countRefusal('quote')),
  };
}

/** The honeypot has text, or the form was sent sooner after it was shown than a person could fill it in. */
function spamReason(meta: SubmissionMeta, minFillMs: number): SpamReason | null {
  if (meta.website && meta.website.trim() !== '') return 'honeypot';
  if (!meta.startedAt) return null;
  // Both times come from the visitor's clock, so a wrong clock does not matter.
  const sentAt = meta.submittedAt ? Date.parse(meta.submittedAt) : Date.now();
  return sentAt - Date.parse(meta.startedAt) < minFillMs ? 'too-fast' : null;
}

import type { Request } from 'express';
import type { z } from 'zod';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { invalidFields } from '../core/errors.ts';
import type { Actor } from '../audit/audit-log.ts';

/** Who is asking, for the audit log. */
export function actorOf(req: Request, email: string | null = req.user?.email ?? null): Actor {
  return { userId: req.user?.id ?? null, email, ip: req.ip ?? null };
}

/** The parsed body, or INVALID_ARGUMENT with each field's message (shown beside the field). */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  throw invalidFields(FIELD_MESSAGES.fixErrors, parsed.error);
}

/** A request from the hydrated page (JSON, answered in JSON) rather than a plain form post (answered by a redirect). */
export function wantsJson(req: Request): boolean {
  return req.is('application/json') === 'application/json';
}

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import {
  type LinkMaker,
  type LinkSubject,
  type LiveLink,
  findLivePreviewLink,
  insertPreviewLink,
  listLivePreviewLinks,
  revokePreviewLink,
} from '../../db/queries/preview-links.ts';
import {
  type NewPreviewLink,
  PREVIEW_LINK_DAYS,
  PREVIEW_LINKS_PER_POST,
  PREVIEW_TEXT,
  type PreviewLink,
  sharedPreviewPath,
} from '../../shared/previews.ts';
import { type Actor, recordAudit } from '../audit/audit-log.ts';
import { AppError } from '../core/errors.ts';
import type { AuditAction } from '../../shared/admin.ts';

/*
 * Share links (docs/product.md#share-links), whatever they show: a post's preview (post-previews.ts) or a page's or
 * service's draft (server/site-words/words-previews.ts). Each caller says who may use a link (the rule for editing
 * what it shows, asked of the maker as they are at each use) and what the audit log calls it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a link's maker, as their account is now, may still share what it shows. */
export type MakerMay = (maker: LinkMaker) => boolean;

/** The live link a token names (neither expired nor turned off), or null; anything not shaped like a token is not looked up. */
export async function findSharedLink(db: Db, token: string, now: Date): Promise<LiveLink | null> {
  // A token is 43 characters of base64url.
  if (!/^[\w-]{43}$/.test(token)) return null;
  return (await findLivePreviewLink(db, tokenHash(token), now.toISOString())) ?? null;
}

/** The subject's links that work at `now`: live, and made by someone who may still share it. */
export async function workingLinks(db: Db, subject: LinkSubject, now: string, may: MakerMay): Promise<PreviewLink[]> {
  return (await listLivePreviewLinks(db, subject, now)).filter(({ maker }) => maker !== null && may(maker)).map(({ link }) => link);
}

/** Who makes or turns off a link, and what the audit entry says. */
export interface LinkChange {
  actor: Actor;
  now: Date;
  /** The audit action and its target (the link's end date is added to a new link's, the link's id to a turned-off one's). */
  audit: { action: AuditAction; target: string };
}

/**
 * A new link to `subject`, working PREVIEW_LINK_DAYS, made in `trx` after the caller checked the maker may share it;
 * its address is returned only this once (only its hash is kept).
 */
export async function makeLink(
  trx: Db,
  subject: LinkSubject,
  { actor, now, audit, name, siteUrl, may }: LinkChange & { name: string; siteUrl: string; may: MakerMay },
): Promise<NewPreviewLink> {
  const token = randomBytes(32).toString('base64url');
  const link: PreviewLink = {
    id: randomUUID(),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + PREVIEW_LINK_DAYS * DAY_MS).toISOString(),
    createdBy: name,
  };
  if ((await workingLinks(trx, subject, link.createdAt, may)).length >= PREVIEW_LINKS_PER_POST) {
    throw new AppError('ABORTED', PREVIEW_TEXT.tooMany);
  }
  await insertPreviewLink(trx, { ...link, subject, tokenHash: tokenHash(token), createdBy: actor.userId });
  await recordAudit(trx, actor, audit.action, `${audit.target} (until ${link.expiresAt})`);
  return { ...link, url: new URL(sharedPreviewPath(token), siteUrl).href };
}

/** Turns off one of the subject's links, in `trx`; not found when it has no such link working. */
export async function turnOffLink(trx: Db, subject: LinkSubject, linkId: string, { actor, now, audit }: LinkChange): Promise<void> {
  if (!(await revokePreviewLink(trx, subject, linkId, now.toISOString()))) throw new AppError('NOT_FOUND', PREVIEW_TEXT.linkNotFound);
  await recordAudit(trx, actor, audit.action, `${audit.target} (link ${linkId})`);
}

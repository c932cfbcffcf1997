import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { insertOutboxMessages } from '../../db/queries/outbox.ts';
import { listActiveStaffWithRoles } from '../../db/queries/users.ts';
import { EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import { ROLES, can } from '../../shared/roles.ts';
import { siteLink } from '../core/site-link.ts';
import { type EmailMessage, paragraphsHtml } from '../outbox/notifications.ts';

/**
 * Tells everyone who may publish that a draft waits for them (docs/product.md#roles): one e-mail each through the
 * outbox, queued in the caller's transaction so the request and its e-mails stand or fall together.
 */
export async function queueReviewRequest(
  trx: Db,
  post: { id: string; title: string },
  authorName: string,
  siteUrl: string,
  at: string,
): Promise<void> {
  const reviewers = await listActiveStaffWithRoles(
    trx,
    ROLES.filter((role) => can(role, 'posts.publish')),
  );
  const link = siteLink(siteUrl, `/admin/blog-editor/${post.id}`);
  const text = EDITOR_MESSAGES.reviewText(authorName, post.title, link);
  const html = paragraphsHtml(text, link);
  const subject = EDITOR_MESSAGES.reviewSubject(post.title);
  await insertOutboxMessages(
    trx,
    reviewers.map(({ email }) => {
      const payload: EmailMessage = { to: email, subject, text, html };
      return { id: randomUUID(), kind: 'post-review' as const, leadType: 'staff' as const, leadId: post.id, payload, createdAt: at };
    }),
  );
}

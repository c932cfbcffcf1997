import { render } from 'vike/abort';
import { ROLE_TEXT } from '../../../shared/roles.ts';
import { ADMIN_SECTIONS } from '../../../shared/admin-texts.ts';
import type { SessionUser } from '../../../shared/staff.ts';

/**
 * The 403 page in the admin's frame: what the person's role lacks, and the way back to the dashboard. The reason
 * names the capability, which the server logs with the person (server/http/pages.ts).
 */
export function refusedPage(user: SessionUser, capability: string) {
  return render(403, {
    capability,
    title: ROLE_TEXT.refusedTitle,
    message: ROLE_TEXT.refusedMessage(ROLE_TEXT.names[user.role]),
    backHref: ADMIN_SECTIONS.dashboard.href,
    backLabel: ROLE_TEXT.refusedBack,
  });
}

/** A read the service refuses for this person (another's draft for an Author) becomes the 403 page. */
export async function orRefused<T>(read: Promise<T>, user: SessionUser, capability: string): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if ((err as { code?: string }).code !== 'PERMISSION_DENIED') throw err;
    throw refusedPage(user, capability);
  }
}

import { render } from 'vike/abort';
import { ERROR_PAGES } from '../../../shared/messages.ts';

/** A list page reached with a cursor this site did not make (an edited or truncated link): a 404, not a crash. */
export async function orNotFound<T>(read: Promise<T>, backHref: string): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if ((err as { code?: string }).code !== 'INVALID_ARGUMENT') throw err;
    throw render(404, ERROR_PAGES.adminListPage(backHref));
  }
}

import type { Db } from '../../db/database.ts';
import { findAuditSubjects } from '../../db/queries/audit.ts';
import { LEAD_TYPE_LABELS, type AuditEntry, type AuditLine, type AuditSubject } from '../../shared/admin.ts';

/**
 * What an entry is about, read from its target as each feature writes it: a post's target starts with its id
 * (`<id> <slug>`), a lead's with `quote:<id>` or `contact:<id>`, an account's starts with its e-mail address (as does a
 * failed sign-in's). Reading the existing targets links every entry ever written, old ones included.
 */
type Reference = { kind: 'post'; id: string } | { kind: 'quote' | 'contact'; id: string } | { kind: 'person'; email: string };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const POST_TARGET = new RegExp(`^(${UUID})\\b`);
const LEAD_TARGET = new RegExp(`^(quote|contact):(${UUID})\\b`);

/** A failed sign-in's target is the account tried: the e-mail typed, or a passkey's owner. */
const FAILED_SIGN_INS = new Set(['auth.sign_in_failed', 'auth.passkey_sign_in_failed']);

function referenceOf(entry: AuditEntry): Reference | null {
  const target = entry.target ?? '';
  if (entry.action.startsWith('post.')) {
    const id = POST_TARGET.exec(target)?.[1];
    return id ? { kind: 'post', id } : null;
  }
  const lead = LEAD_TARGET.exec(target);
  if (lead) return { kind: lead[1] as 'quote' | 'contact', id: lead[2]! };
  if ((entry.action.startsWith('user.') || FAILED_SIGN_INS.has(entry.action)) && target.includes('@')) {
    // A role change's target goes on after the address: `ann@example.com (Editor → Sales)`.
    return { kind: 'person', email: target.split(' ')[0]!.toLowerCase() };
  }
  return null;
}

export function personHref(id: string): string {
  return `/admin/staff/${id}`;
}

/** The entries with links to what they are about and to who did them, where those still exist. */
export async function withSubjects(db: Db, entries: AuditEntry[]): Promise<AuditLine[]> {
  const refs = entries.map(referenceOf);
  const ids = (kind: 'post' | 'quote' | 'contact') => [...new Set(refs.flatMap((r) => (r && r.kind === kind ? [r.id] : [])))];
  const names = await findAuditSubjects(db, {
    posts: ids('post'),
    quotes: ids('quote'),
    contacts: ids('contact'),
    userIds: [...new Set(entries.flatMap((e) => (e.userId ? [e.userId] : [])))],
    emails: [...new Set(refs.flatMap((r) => (r?.kind === 'person' ? [r.email] : [])))],
  });

  function subject(ref: Reference | null): AuditSubject | null {
    if (!ref) return null;
    if (ref.kind === 'person') {
      const person = names.people.get(ref.email);
      return person ? { href: personHref(person.id), label: person.name } : null;
    }
    if (ref.kind === 'post') {
      const title = names.posts.get(ref.id);
      return title === undefined ? null : { href: `/admin/blog-editor/${ref.id}`, label: title };
    }
    const name = (ref.kind === 'quote' ? names.quotes : names.contacts).get(ref.id);
    return name === undefined ? null : { href: `/admin/leads/${ref.kind}/${ref.id}`, label: `${LEAD_TYPE_LABELS[ref.kind]}: ${name}` };
  }

  return entries.map((entry, i) => ({
    ...entry,
    subject: subject(refs[i]!),
    actorHref: entry.userId && names.people.has(entry.userId) ? personHref(entry.userId) : null,
  }));
}

import type { Db } from '../../db/database.ts';
import { findAuditSubjects, findNotificationLeads } from '../../db/queries/audit.ts';
import { AUDIT_TEXT } from '../../shared/audit-texts.ts';
import type { AuditEntry, AuditLine, AuditSubject, LeadType } from '../../shared/admin.ts';
import { imagePath, isImageFormat, largestStoredWidth } from '../../shared/images.ts';
import type { ServiceNames } from '../../shared/lead-fields.ts';
import { type Reference, auditSentence, personHref, referenceOf } from './audit-sentences.ts';

/**
 * The entries as sentences, with links to what they are about and to who did them, where those still exist.
 * Reading the targets as each feature writes them links every entry ever written, old ones included.
 */
export async function withSubjects(db: Db, entries: AuditEntry[], timeZone: string, serviceNames: ServiceNames): Promise<AuditLine[]> {
  const refs = entries.map(referenceOf);
  const idsOf = (kind: Reference['kind']) => [...new Set(refs.flatMap((r) => (r && r.kind === kind && 'id' in r ? [r.id] : [])))];
  // A retried notification is about its lead: the notification is found first, then the lead with the others.
  const notificationLeads = await findNotificationLeads(db, idsOf('notification'));
  const leadsOf = (type: LeadType) => [
    ...new Set([...idsOf(type), ...[...notificationLeads.values()].flatMap((l) => (l.type === type ? [l.id] : []))]),
  ];
  const names = await findAuditSubjects(db, {
    posts: idsOf('post'),
    quotes: leadsOf('quote'),
    contacts: leadsOf('contact'),
    images: idsOf('image'),
    userIds: [...new Set(entries.flatMap((e) => (e.userId ? [e.userId] : [])))],
    emails: [...new Set(refs.flatMap((r) => (r?.kind === 'person' ? [r.email] : [])))],
  });

  function leadSubject(type: LeadType, id: string): AuditSubject | null {
    const name = (type === 'quote' ? names.quotes : names.contacts).get(id);
    return name === undefined ? null : { href: `/admin/leads/${type}/${id}`, label: AUDIT_TEXT.leadSubject(name, type) };
  }

  function subject(ref: Reference | null): AuditSubject | null {
    switch (ref?.kind) {
      case 'person': {
        const person = names.people.get(ref.email);
        return person ? { href: personHref(person.id), label: person.name } : null;
      }
      case 'post': {
        const title = names.posts.get(ref.id);
        return title === undefined ? null : { href: `/admin/blog-editor/${ref.id}`, label: title };
      }
      case 'quote':
      case 'contact':
        return leadSubject(ref.kind, ref.id);
      case 'image': {
        // The picture itself, at the largest width kept.
        const image = names.images.get(ref.id);
        return image && isImageFormat(image.format)
          ? { href: imagePath(ref.id, largestStoredWidth(image.width), image.format), label: image.fileName }
          : null;
      }
      case 'notification': {
        const lead = notificationLeads.get(ref.id);
        return lead ? leadSubject(lead.type, lead.id) : null;
      }
      default:
        return null;
    }
  }

  return entries.map((entry, i) => {
    const actor = entry.userId ? names.people.get(entry.userId) : undefined;
    return {
      ...entry,
      sentence: auditSentence(entry, subject(refs[i]!), timeZone, serviceNames),
      actorName: actor?.name ?? null,
      actorHref: actor ? personHref(actor.id) : null,
    };
  });
}

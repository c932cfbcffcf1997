import { UUID_SOURCE } from '../../shared/ids.ts';
import { LEAD_STATUS_FILTER_LABELS, LEAD_STATUS_LABELS } from '../../shared/admin-messages.ts';
import { AUDIT_TEXT } from '../../shared/audit-texts.ts';
import { LOOK_SETTING_NAMES } from '../../shared/look-texts.ts';
import { type AuditEntry, type AuditPart, type AuditSubject, LEAD_STATUSES, type LeadStatus, type LeadType } from '../../shared/admin.ts';
import { formatDateSpan, formatShortCalendarDate } from '../../shared/dates.ts';
import { type ServiceNames, serviceName } from '../../shared/lead-fields.ts';
import { formatDateTime } from '../../shared/zoned-time.ts';
import { editorHref, fieldInSentence, isWordsKey } from '../../shared/site-words.ts';
import { type ExportedFilter, readExport, readSettings } from './audit-details.ts';

/*
 * Each audit entry in words, read from its action and its target as each feature writes it (entries written
 * before a format changed included):
 *
 *   post.*                 `<id> <slug>`, `<id> <slug> (scheduled <ISO>)`, `<id> <slug> (version saved <ISO>)`,
 *                          `<id> (until <ISO>)`, `<id> (link <id>)`
 *   lead.*                 `quote:<id>`, `quote:<id> new → contacted`, `quote:<id> spam → new, 2 notifications queued`
 *   user.*                 `<email>`, `<email> (Editor)`, `<email> (Editor → Sales)`; an invitation id before the address
 *   auth.*_failed          the address tried, or the passkey's owner
 *   image.*                `<id> <file name>`
 *   outbox.retried         the notification's id; `outbox.retried-all`: `3 notifications`
 *   leads.exported, settings.updated   JSON (audit-details.ts)
 *
 * What an entry cannot be read as more is shown as its action's name and the stored text.
 */

const POST_TARGET = new RegExp(`^(${UUID_SOURCE})(?: ([^\\s(]+))?(?: \\((.+)\\))?$`);
const LEAD_TARGET = new RegExp(`^(quote|contact):(${UUID_SOURCE})(?: (\\w+) → (\\w+))?(?:, (\\d+) notifications queued)?$`);
const IMAGE_TARGET = new RegExp(`^(${UUID_SOURCE}) (.+)$`);
const NOTIFICATION_TARGET = new RegExp(`^${UUID_SOURCE}$`);
/** A role change's and an invitation's detail after the address: `(Editor → Sales)`, `(Editor)`. */
const PERSON_TARGET = /^(\S+@\S+)(?: \((.+?)(?: → (.+))?\))?$/;

/** A failed sign-in's target is the account tried: the e-mail typed, or a passkey's owner. */
const FAILED_SIGN_INS = new Set(['auth.sign_in_failed', 'auth.passkey_sign_in_failed']);

/** What an entry is about, for the page that opens it while it exists. */
export type Reference =
  | { kind: 'post'; id: string }
  | { kind: LeadType; id: string }
  | { kind: 'person'; email: string }
  | { kind: 'image'; id: string }
  | { kind: 'notification'; id: string };

export function referenceOf({ action, target }: AuditEntry): Reference | null {
  if (!target) return null;
  if (action.startsWith('post.')) {
    const id = POST_TARGET.exec(target)?.[1];
    return id ? { kind: 'post', id } : null;
  }
  if (action.startsWith('image.')) {
    const id = IMAGE_TARGET.exec(target)?.[1];
    return id ? { kind: 'image', id } : null;
  }
  if (action === 'outbox.retried') return NOTIFICATION_TARGET.test(target) ? { kind: 'notification', id: target } : null;
  const lead = LEAD_TARGET.exec(target);
  if (lead) return { kind: lead[1] as LeadType, id: lead[2]! };
  const person = PERSON_TARGET.exec(target);
  if (person && (action.startsWith('user.') || FAILED_SIGN_INS.has(action))) return { kind: 'person', email: person[1]!.toLowerCase() };
  return null;
}

export function personHref(id: string): string {
  return `/admin/staff/${id}`;
}

const isStatus = (value: string | undefined): value is LeadStatus => (LEAD_STATUSES as readonly string[]).includes(value ?? '');

function exportFilterWords(filter: ExportedFilter, names: ServiceNames | undefined): string[] {
  const words = AUDIT_TEXT.exportFilter;
  const received =
    filter.from && filter.to
      ? words.received(formatDateSpan(filter.from, filter.to))
      : filter.from
        ? words.receivedFrom(formatShortCalendarDate(filter.from))
        : filter.to && words.receivedTo(formatShortCalendarDate(filter.to));
  return [
    filter.status && words.status(LEAD_STATUS_FILTER_LABELS[filter.status]),
    filter.service && words.service(serviceName(filter.service, names)),
    received,
    filter.search && words.search,
  ].filter((word): word is string => Boolean(word));
}

const SETTINGS_SUBJECT: AuditSubject = { href: '/admin/settings', label: AUDIT_TEXT.settings };

const settingName = (setting: string) => AUDIT_TEXT.settingName[setting] ?? LOOK_SETTING_NAMES[setting] ?? setting;

/** The sentence for an entry's action and target, or null when the target is not in a form this reads. */
function sentence(entry: AuditEntry, subject: AuditSubject | null, timeZone: string, names: ServiceNames | undefined): AuditPart[] | null {
  const T = AUDIT_TEXT;
  const target = entry.target;
  const when = (iso: string | undefined) => (iso && !Number.isNaN(Date.parse(iso)) ? formatDateTime(iso, timeZone) : null);
  const number = (text: string | undefined) => (text && /^\d+$/.test(text) ? Number(text) : null);

  const post = POST_TARGET.exec(target ?? '');
  const postPart = subject ?? (post?.[2] ? T.quoted(post[2]) : T.gonePost);
  const lead = LEAD_TARGET.exec(target ?? '');
  const leadPart = subject ?? (lead ? T.goneLead(lead[1] as LeadType) : null);
  const aboutLead = (words: (lead: AuditPart) => AuditPart[]) => (leadPart ? words(leadPart) : null);
  const person = PERSON_TARGET.exec(target ?? '');
  const personPart = subject ?? person?.[1] ?? null;
  const aboutPerson = (words: (person: AuditPart) => AuditPart[]) => (personPart ? words(personPart) : null);
  const image = IMAGE_TARGET.exec(target ?? '');

  switch (entry.action) {
    case 'auth.sign_in':
      return [T.signedIn(target)];
    case 'auth.passkey_sign_in':
      return [T.signedInWithPasskey(target)];
    case 'auth.sign_in_failed':
      return T.signInFailed(subject ?? target);
    case 'auth.passkey_sign_in_failed':
      return T.passkeySignInFailed(subject ?? target);
    case 'auth.sign_out':
      return [T.signedOut];
    case 'auth.password_changed':
      return [T.passwordChanged];
    case 'auth.sessions_ended':
      return [T.sessionsEnded(number(target ?? undefined))];
    case 'auth.2fa_enabled':
      return [T.twoFactorOn];
    case 'auth.2fa_disabled':
      return [T.twoFactorOff];
    case 'auth.recovery_code_used':
      return [T.recoveryCodeUsed];
    case 'auth.passkey_added':
      return target ? [T.passkeyAdded(target)] : null;
    case 'auth.passkey_renamed':
      return target ? [T.passkeyRenamed(target)] : null;
    case 'auth.passkey_removed':
      return target ? [T.passkeyRemoved(target)] : null;

    case 'user.created':
      // Someone who accepted an invitation is recorded as creating their own account.
      if (subject && entry.userId && subject.href === personHref(entry.userId)) return [T.joined];
      return aboutPerson(T.accountCreated);
    case 'user.password_reset':
      return aboutPerson(T.passwordReset);
    case 'user.invited':
      return aboutPerson((p) => T.invited(p, person?.[2] ?? null));
    case 'user.invitation_link':
      // Before the address was kept, the entry held the invitation's id.
      return T.invitationLinkCopied(personPart);
    case 'user.deactivated':
      return aboutPerson(T.deactivated);
    case 'user.reactivated':
      return aboutPerson(T.reactivated);
    case 'user.session_ended':
      return aboutPerson(T.sessionEnded);
    case 'user.role_changed':
      return person?.[3] ? aboutPerson((p) => T.roleChanged(p, person[2]!, person[3]!)) : null;
    case 'user.ownership_transferred':
      return aboutPerson(T.ownershipHandedOver);

    case 'post.created':
      return post && T.postCreated(postPart);
    case 'post.published': {
      if (!post) return null;
      const scheduled = when(/^scheduled (.+)$/.exec(post[3] ?? '')?.[1]);
      return scheduled ? T.postScheduled(postPart, scheduled) : T.postPublished(postPart);
    }
    case 'post.updated':
      return post && T.postUpdated(postPart);
    case 'post.deleted':
      return post && T.postDeleted(postPart);
    case 'post.restored':
      return post && T.postRestored(postPart, when(/^version saved (.+)$/.exec(post[3] ?? '')?.[1]));
    case 'post.submitted':
      return post && T.postSubmitted(postPart);
    case 'post.preview_shared':
      return post && T.previewShared(postPart, when(/^until (.+)$/.exec(post[3] ?? '')?.[1]));
    case 'post.preview_revoked':
      return post && T.previewRevoked(postPart);

    case 'words.preview_shared':
    case 'words.preview_revoked': {
      // `<key> <the page's name> (until <time>)` or `(link <id>)` (server/site-words/words-previews.ts)
      const [, key, name = '', until] = /^(\S+) (.+) \((?:until (.+)|link .+)\)$/.exec(target ?? '') ?? [];
      if (!isWordsKey(key)) return null;
      const page = { href: editorHref(key), label: name };
      return entry.action === 'words.preview_shared' ? T.wordsPreviewShared(page, when(until)) : T.wordsPreviewRevoked(page);
    }
    case 'words.draft':
    case 'words.published':
    case 'words.scheduled':
    case 'words.restored':
    case 'words.discarded':
    case 'words.deleted': {
      // `<key> <field,field… or -> <the page's name>` (server/site-words/site-words-service.ts)
      const [, key, fieldList = '', name = ''] = /^(\S+) (\S+) (.+)$/.exec(target ?? '') ?? [];
      if (!isWordsKey(key)) return null;
      if (entry.action === 'words.deleted') return T.wordsDeleted(name);
      const page = { href: editorHref(key), label: name };
      const fields = fieldList.split(',').flatMap((f) => fieldInSentence(key, f) ?? []);
      if (entry.action === 'words.published') return T.wordsPublished(fields, page);
      if (entry.action === 'words.draft') return T.wordsDraft(fields, page);
      if (entry.action === 'words.scheduled') return T.wordsScheduled(fields, page);
      return entry.action === 'words.restored' ? T.wordsRestored(page) : T.wordsDiscarded(page);
    }

    case 'image.uploaded':
      return image && T.imageUploaded(subject ?? T.quoted(image[2]!));
    case 'image.alt_changed':
      return image && T.imageAltChanged(subject ?? T.quoted(image[2]!));
    case 'image.deleted':
      return image && T.imageDeleted(T.quoted(image[2]!));
    case 'images.purged':
      return target ? T.imagesPurged(target) : null;

    case 'lead.status':
      return isStatus(lead?.[3]) && isStatus(lead[4])
        ? aboutLead((l) => T.leadMoved(l, LEAD_STATUS_LABELS[lead[3] as LeadStatus], LEAD_STATUS_LABELS[lead[4] as LeadStatus]))
        : null;
    case 'lead.not_spam':
      return aboutLead((l) => T.leadReleased(l, number(lead?.[5])));
    case 'lead.note_added':
      return aboutLead(T.noteAdded);
    case 'lead.assigned':
      return aboutLead(T.leadAssigned);
    case 'lead.replied':
      return aboutLead(T.replied);
    case 'lead.follow_up':
      return aboutLead(T.followUpSet);
    case 'saved_reply.saved':
      return target ? T.savedReplySaved(target) : null;
    case 'saved_reply.deleted':
      return [T.savedReplyDeleted];
    case 'redirect.added':
      return target ? [T.redirectAdded(target)] : null;
    case 'redirect.changed':
      return target ? [T.redirectChanged(target)] : null;
    case 'redirect.deleted':
      return target ? [T.redirectDeleted(target)] : null;
    case 'redirects.imported':
      return target ? [T.redirectsImported(target)] : null;
    case 'site.exported':
      return target ? [T.siteExported(target)] : null;
    case 'lead.deleted':
      return aboutLead(T.leadDeleted);
    case 'leads.exported': {
      const exported = readExport(target);
      return exported && [T.exported(exported.count, exported.filter.type ?? null, exportFilterWords(exported.filter, names))];
    }
    case 'outbox.retried':
      return T.notificationRetried(subject);
    case 'outbox.retried-all':
      return [T.failuresRetried(number(/^(\d+) notifications$/.exec(target ?? '')?.[1]))];

    case 'privacy.exported':
      return target && /^email#[0-9a-f]+$/.test(target) ? [T.personalDataExported(target)] : null;
    case 'privacy.erased': {
      const erased = /^(email#[0-9a-f]+): (.+) erased$/.exec(target ?? '');
      return erased && [T.personalDataErased(erased[2]!, erased[1]!)];
    }
    case 'leads.purged': {
      const purged = /^(.+) older than (\d+) days deleted$/.exec(target ?? '');
      return purged && [T.leadsPurged(purged[1]!, Number(purged[2]))];
    }
    case 'settings.updated': {
      const details = readSettings(target);
      if (!details) return null;
      const changes =
        'changes' in details
          ? details.changes.map((c) => T.settingChange(settingName(c.setting), c.from, c.to))
          : details.names.length
            ? [T.settingNames(details.names.map(settingName))]
            : [];
      return changes.length ? T.settingsChanged(changes, SETTINGS_SUBJECT) : T.settingsSavedUnchanged(SETTINGS_SUBJECT);
    }
    case 'settings.sign_in_policy': {
      const to = /: (?:on|off) → (on|off)$/.exec(target ?? '')?.[1];
      return to ? [T.signInPolicy(to === 'on')] : null;
    }
    default:
      return null;
  }
}

/**
 * An entry as a sentence: `subject` is what it is about while that exists (a link), else the sentence says what it
 * was from the entry's own text. Services are named as staff last published them (`names`).
 */
export function auditSentence(entry: AuditEntry, subject: AuditSubject | null, timeZone: string, names?: ServiceNames): AuditPart[] {
  const name = AUDIT_TEXT.actions[entry.action as keyof typeof AUDIT_TEXT.actions] ?? entry.action;
  return (sentence(entry, subject, timeZone, names) ?? AUDIT_TEXT.named(name, subject ?? entry.target)).filter((part) => part !== '');
}

/*
 * The audit log's words (docs/product.md#audit): its page, each action's name and each entry as a sentence, apart
 * from the other admin words so that only the audit page's script carries them.
 */
import type { AuditAction, AuditPart, LeadType } from './admin.ts';
import { ADMIN_SECTIONS, ADMIN_TEXT } from './admin-texts.ts';
import { LEAD_TYPE_NOUNS } from './admin-messages.ts';
import { counted } from './numbers.ts';

/** "a", "a and b", "a, b and c" */
function listed(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

type Part = AuditPart;

/** The audit log: its page, the name of each action (the filter), and each entry as a sentence. */
export const AUDIT_TEXT = {
  title: ADMIN_SECTIONS.audit.label,
  caption: 'Audit log, newest first',
  when: 'When',
  who: 'Who',
  what: 'What',
  ip: 'IP address',
  /** An entry no one is recorded for (the system, a failed sign-in). */
  noActor: '—',
  newest: 'Newest entries',
  older: 'Older entries',
  filtersLabel: 'Filter the audit log',
  person: 'Person',
  everyone: 'Everyone',
  action: 'Action',
  everyAction: 'Every action',
  apply: ADMIN_TEXT.filter,
  clear: 'Show everything',
  empty: 'Nothing recorded yet.',
  noneMatch: 'No entries match these filters.',

  /** Each action's name: the action filter, and an entry whose stored detail cannot be read as more. */
  actions: {
    'auth.sign_in': 'Signed in',
    'auth.sign_in_failed': 'Failed sign-in',
    'auth.sign_out': 'Signed out',
    'auth.password_changed': 'Changed password',
    'auth.sessions_ended': 'Signed out other sessions',
    'auth.2fa_enabled': 'Turned on two-factor sign-in',
    'auth.2fa_disabled': 'Turned off two-factor sign-in',
    'auth.recovery_code_used': 'Used a recovery code',
    'auth.passkey_added': 'Added a passkey',
    'auth.passkey_renamed': 'Renamed a passkey',
    'auth.passkey_removed': 'Removed a passkey',
    'auth.passkey_sign_in': 'Signed in with a passkey',
    'auth.passkey_sign_in_failed': 'Failed passkey sign-in',
    'user.created': 'Account created',
    'user.password_reset': 'Password reset from the command line',
    'user.invited': 'Invited a person',
    'user.invitation_link': "Copied an invitation's link",
    'user.deactivated': 'Deactivated an account',
    'user.reactivated': 'Reactivated an account',
    'user.session_ended': "Ended a person's session",
    'user.role_changed': "Changed a person's role",
    'user.ownership_transferred': 'Handed over ownership',
    'post.created': 'Created post',
    'post.published': 'Published post',
    'post.updated': 'Updated post',
    'post.deleted': 'Deleted post',
    'post.restored': 'Restored an earlier version of a post',
    'post.submitted': 'Submitted a post for review',
    'post.preview_shared': "Shared a post's preview",
    'post.preview_revoked': 'Turned off a preview link',
    'image.uploaded': 'Uploaded image',
    'image.alt_changed': 'Changed an image’s alt text',
    'image.deleted': 'Deleted image',
    'images.purged': 'Deleted images unused past the retention period',
    'lead.status': 'Changed lead status',
    'lead.deleted': 'Deleted lead',
    'lead.note_added': 'Added a note to a lead',
    'lead.assigned': 'Assigned a lead',
    'lead.replied': 'Replied to a lead',
    'lead.follow_up': 'Set when to follow up a lead',
    'saved_reply.saved': 'Saved a saved reply',
    'saved_reply.deleted': 'Deleted a saved reply',
    'lead.not_spam': 'Marked a lead not spam and sent its notifications',
    'leads.exported': 'Exported leads',
    'outbox.retried': 'Retried notification',
    'outbox.retried-all': 'Retried every failed notification',
    'privacy.exported': 'Exported personal data',
    'privacy.erased': 'Erased personal data',
    'leads.purged': 'Deleted leads past the retention period',
    'settings.updated': 'Changed site settings',
    'settings.sign_in_policy': 'Changed the sign-in policy',
    'words.draft': 'Saved a draft of a page’s words',
    'words.published': 'Published a page’s words',
    'words.scheduled': 'Scheduled a page’s words',
    'words.restored': 'Restored an earlier version of a page’s words',
    'words.discarded': 'Discarded a draft of a page’s words',
    'words.deleted': 'Deleted a page',
    'words.preview_shared': "Shared a page's preview",
    'words.preview_revoked': "Turned off a page's preview link",
    'redirect.added': 'Added a redirect',
    'redirect.changed': 'Changed a redirect',
    'redirect.deleted': 'Deleted a redirect',
    'redirects.imported': 'Imported redirects from CSV',
    'site.exported': 'Exported the site’s content',
    'site.imported': 'Imported a WordPress, Ghost or site export',
  } satisfies Record<AuditAction, string>,

  /** An entry whose detail is not in a form the sentences read (an old format): its action's name and the detail. */
  named: (action: string, detail: Part | null): Part[] => (detail ? [`${action}: `, detail] : [action]),

  /** Subjects in words: a lead's link, and what an entry says of a subject that no longer exists. */
  leadSubject: (name: string, type: LeadType) => `${name}’s ${LEAD_TYPE_NOUNS[type].one}`,
  goneLead: (type: LeadType) => `a ${LEAD_TYPE_NOUNS[type].one}`,
  quoted: (name: string) => `“${name}”`,
  gonePost: '(since deleted)',
  settings: 'site settings',

  signedIn: (ended: string | null) => (ended ? `Signed in (${ended})` : 'Signed in'),
  signedInWithPasskey: (ended: string | null) => (ended ? `Signed in with a passkey (${ended})` : 'Signed in with a passkey'),
  signInFailed: (as: Part | null): Part[] => (as ? ['Failed to sign in as ', as] : ['Failed to sign in']),
  passkeySignInFailed: (owner: Part | null): Part[] =>
    owner ? ['Failed to sign in with a passkey of ', owner] : ['Failed to sign in with a passkey the site does not know'],
  signedOut: 'Signed out',
  passwordChanged: 'Changed their password',
  sessionsEnded: (n: number | null) =>
    n === null ? 'Signed out their other sessions' : `Signed out ${counted(n, 'other session', 'other sessions')}`,
  twoFactorOn: 'Turned on two-factor sign-in',
  twoFactorOff: 'Turned off two-factor sign-in',
  recoveryCodeUsed: 'Signed in with a recovery code',
  passkeyAdded: (name: string) => `Added the passkey “${name}”`,
  passkeyRenamed: (name: string) => `Renamed a passkey to “${name}”`,
  passkeyRemoved: (name: string) => `Removed the passkey “${name}”`,

  accountCreated: (person: Part): Part[] => ['Created the account of ', person],
  joined: 'Accepted an invitation and chose a password',
  passwordReset: (person: Part): Part[] => ['Reset the password of ', person, ' from the command line'],
  invited: (person: Part, role: string | null): Part[] => ['Invited ', person, role ? ` as ${role}` : ''],
  invitationLinkCopied: (person: Part | null): Part[] =>
    person ? ['Copied the invitation link for ', person] : ['Copied an invitation link'],
  deactivated: (person: Part): Part[] => ['Deactivated ', person],
  reactivated: (person: Part): Part[] => ['Reactivated ', person],
  sessionEnded: (person: Part): Part[] => ['Ended a session of ', person],
  roleChanged: (person: Part, from: string, to: string): Part[] => ['Changed the role of ', person, ` from ${from} to ${to}`],
  ownershipHandedOver: (person: Part): Part[] => ['Handed ownership over to ', person],

  postCreated: (post: Part): Part[] => ['Created the post ', post],
  postPublished: (post: Part): Part[] => ['Published the post ', post],
  postScheduled: (post: Part, when: string): Part[] => ['Scheduled the post ', post, ` to go live on ${when}`],
  postUpdated: (post: Part): Part[] => ['Updated the post ', post],
  postDeleted: (post: Part): Part[] => ['Deleted the post ', post],
  postRestored: (post: Part, savedAt: string | null): Part[] =>
    savedAt ? ['Restored the post ', post, ` to the version saved on ${savedAt}`] : ['Restored an earlier version of the post ', post],
  postSubmitted: (post: Part): Part[] => ['Submitted the post ', post, ' for review'],
  previewShared: (post: Part, until: string | null): Part[] => [
    'Shared a preview of the post ',
    post,
    until ? `, open until ${until}` : '',
  ],
  previewRevoked: (post: Part): Part[] => ['Turned off a preview link of the post ', post],
  imageUploaded: (image: Part): Part[] => ['Uploaded the image ', image],
  imageAltChanged: (image: Part): Part[] => ['Changed the alt text of the image ', image],
  imageDeleted: (image: Part): Part[] => ['Deleted the image ', image],
  /** The retention job's entry stores its own words ("3 images (1.2 MB) unused for more than 30 days deleted"). */
  imagesPurged: (stored: string): Part[] => [`Deleted ${stored.replace(/ deleted$/, '')}`],

  leadMoved: (lead: Part, from: string, to: string): Part[] => ['Moved ', lead, ` from ${from} to ${to}`],
  leadReleased: (lead: Part, queued: number | null): Part[] => [
    'Marked ',
    lead,
    ' not spam',
    queued === null ? '' : ` and queued ${counted(queued, 'notification', 'notifications')}`,
  ],
  noteAdded: (lead: Part): Part[] => ['Added a note to ', lead],
  leadAssigned: (lead: Part): Part[] => ['Changed who has ', lead],
  replied: (lead: Part): Part[] => ['Replied by e-mail to ', lead],
  followUpSet: (lead: Part): Part[] => ['Set when to follow up ', lead],
  savedReplySaved: (name: string): Part[] => [`Saved the saved reply “${name}”`],
  savedReplyDeleted: 'Deleted a saved reply',
  /** `target` is "/old → /new (301)" (server/redirects/redirect-service.ts). */
  redirectAdded: (redirect: string) => `Added the redirect ${redirect}`,
  redirectChanged: (redirect: string) => `Changed the redirect to ${redirect}`,
  redirectDeleted: (redirect: string) => `Deleted the redirect ${redirect}`,
  redirectsImported: (what: string) => `Imported redirects from CSV: ${what}`,
  siteExported: (what: string) => `Exported the site’s content: ${what}`,
  leadDeleted: (lead: Part): Part[] => ['Deleted ', lead],
  /** "Exported 42 quote requests (status New, 1–30 Nov 2026, matching a search)"; an old entry kept no count. */
  exported: (count: number | null, type: LeadType | null, filters: readonly string[]) => {
    const noun = type ? LEAD_TYPE_NOUNS[type] : { one: 'lead', many: 'leads' };
    const what = count === null ? noun.many : counted(count, noun.one, noun.many);
    return `Exported ${what}${filters.length ? ` (${filters.join(', ')})` : ''}`;
  },
  exportFilter: {
    status: (label: string) => `status ${label}`,
    service: (name: string) => name,
    received: (span: string) => `received ${span}`,
    receivedFrom: (date: string) => `received from ${date}`,
    receivedTo: (date: string) => `received up to ${date}`,
    search: 'matching a search',
  },
  notificationRetried: (lead: Part | null): Part[] => (lead ? ['Retried a notification about ', lead] : ['Retried a notification']),
  failuresRetried: (n: number | null) =>
    n === null ? 'Retried every failed notification' : `Retried ${counted(n, 'failed notification', 'failed notifications')}`,
  personalDataExported: (reference: string) => `Exported the data held about one e-mail address (reference ${reference})`,
  personalDataErased: (counts: string, reference: string) => `Erased ${counts} held about one e-mail address (reference ${reference})`,
  leadsPurged: (counts: string, days: number) => `Deleted ${counts} older than ${days} days (the retention period)`,

  /** "Changed the phone from (02) 8005 0142 to (02) 8005 0199 in the site settings" (an old entry: only the names). */
  settingsChanged: (changes: readonly string[], settings: Part): Part[] => ['Changed ', listed(changes), ' in the ', settings],
  settingChange: (name: string, from: string, to: string) => `the ${name} from ${from || 'nothing'} to ${to || 'nothing'}`,
  settingNames: (names: readonly string[]) => `the ${listed(names)}`,
  settingsSavedUnchanged: (settings: Part): Part[] => ['Saved the ', settings, ' without changes'],
  wordsPublished: (fields: readonly string[], page: Part): Part[] =>
    fields.length ? ['Changed ', listed(fields), ' on ', page] : ['Published ', page, ' without changes'],
  wordsScheduled: (fields: readonly string[], page: Part): Part[] => [
    'Scheduled a change of ',
    page,
    fields.length ? `: ${listed(fields)}` : '',
  ],
  wordsDraft: (fields: readonly string[], page: Part): Part[] => [
    'Saved a draft of ',
    page,
    fields.length ? ` changing ${listed(fields)}` : '',
  ],
  wordsRestored: (page: Part): Part[] => ['Restored an earlier version of ', page, ' as its draft'],
  wordsDiscarded: (page: Part): Part[] => ['Discarded the draft of ', page],
  wordsDeleted: (title: string): Part[] => [`Deleted the page “${title}”`],
  wordsPreviewShared: (page: Part, until: string | null): Part[] => ['Shared a preview of ', page, until ? `, open until ${until}` : ''],
  wordsPreviewRevoked: (page: Part): Part[] => ['Turned off a preview link of ', page],
  /** The settings as an entry names them (keys of SiteSettings, the address's parts, and the old entries' `address`). */
  settingName: {
    name: 'company name',
    legalName: 'legal name',
    email: 'email',
    phone: 'phone',
    abn: 'ABN',
    address: 'address',
    street: 'street address',
    locality: 'suburb',
    region: 'state or territory',
    postcode: 'postcode',
    social: 'social links',
    stats: 'home page figures',
  } as Record<string, string>,
  signInPolicy: (twoStepForLeads: boolean) =>
    twoStepForLeads ? 'Required two-step sign-in for everyone who sees leads' : 'Made two-step sign-in each person’s choice',
} as const;

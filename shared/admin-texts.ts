import { CONTACT_TEXT, MESSAGES } from './messages.ts';
import { counted, formatWholeNumber } from './numbers.ts';
import { PASSKEY_NAME_MAX } from './passkeys.ts';
import { INVITATION_DAYS } from './staff.ts';

/*
 * The admin area's words: its sections, forms, notices and errors, the sign-in and account pages, the editor, the
 * leads and the notifications. Only admin pages, the server and the signed-out preview page read this module, so
 * the visitor's forms do not carry it in their script (docs/product.md#messages); shared/messages.ts holds what
 * visitors read. The admin's words for its values (statuses, audit sentences) are in shared/admin-messages.ts.
 */

/**
 * Texts of the admin area beyond the original brief; the sign-in failure text is the brief's own
 * (docs/product.md#admin-sign-in).
 */
export const ADMIN_MESSAGES = {
  loginFailed: MESSAGES.loginFailed,
  loginThrottled: (minutes: number) => `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`,
  signInProofNeeded:
    'Many sign-in attempts are failing on this site right now, so your browser must first do a short check (it needs JavaScript). Press Sign in again.',
  signInBusy: 'Sign-in is busy right now. Please try again in a few seconds.',
  signInProofFailed: 'The browser check did not finish. Please press Sign in again.',
  totpInvalid: 'That code is not valid. Enter the 6-digit code from your authenticator app, or a recovery code.',
  totpExpired: 'Your sign-in took too long. Please enter your email and password again.',
  signInRequired: 'Please sign in.',
  emailRequired: 'Enter your email.',
  passwordRequired: 'Enter your password.',
  currentPasswordRequired: 'Enter your current password.',
  codeRequired: 'Enter the 6-digit code.',
  csrfInvalid: 'Your session has changed. Reload the page and try again.',
  crossOrigin: 'Cross-origin requests are not allowed.',
  twoFactorRequired: 'Set up two-factor sign-in before you continue.',
  passwordChanged: 'Your password has been changed. Other sessions were signed out.',
  passwordWrong: 'Your current password is not correct.',
  passwordTooShort: 'Use at least 12 characters.',
  passwordsDiffer: 'The new passwords do not match.',
  sessionsEnded: 'Every other session has been signed out.',
  /** The sign-in's audit entry when it ended sessions beyond the limit. */
  oldestSessionsEnded: (n: number) => `${counted(n, 'oldest session', 'oldest sessions')} ended: over the limit of sessions open at once`,
  twoFactorEnabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  saved: 'Saved.',
  leadNotFound: 'This lead no longer exists.',
  statusNotAllowed: 'That status change is not allowed.',
  privacyEmailInvalid: 'Enter the email address the person used, like name@example.com.',
  notificationGone: 'That notification was delivered, no longer exists, or is being sent right now.',
  notificationRequeued: 'The notification will be sent again shortly.',
  notificationsRequeued: (n: number) =>
    n === 1 ? '1 notification will be sent again shortly.' : `${n} notifications will be sent again shortly.`,
  noSuchLeadType: 'No such lead type.',
  totpSetupExpired: 'The set-up expired. Start again to get a new QR code.',
  twoFactorMandatory: 'Two-step sign-in is required for your account: keep the authenticator app, or add a passkey first.',
  postSavedLive: 'Saved. The post is live.',
  postSavedScheduled: (when: string) => `Saved. The post goes live on ${when}.`,
  postSavedDraft: 'Saved as a draft.',
  previewDraft: 'This is a draft: only staff can see it.',
  previewScheduled: (when: string) => `Scheduled: visitors can read it from ${when}.`,
  previewPublic: 'This post is public.',
  notesSaved: 'Notes saved.',
  accountExists: (email: string) => `An account for ${email} already exists.`,
  noAccount: (email: string) => `No account for ${email}.`,
  passkeyFailed: 'That passkey could not sign you in. Try again, or sign in with your email and password.',
  passkeyExpired: 'The passkey request expired. Please try again.',
  passkeyCancelled: 'The passkey request was cancelled or timed out. Try again when you are ready.',
  passkeyUnsupported: 'This browser cannot use passkeys.',
  passkeyNotAdded: 'The passkey could not be added. Please try again.',
  passkeyAlreadyAdded: 'This device already holds a passkey for your account.',
  passkeyAdded: (name: string) => `Passkey “${name}” added. You can sign in with it now.`,
  passkeyRenamed: 'Passkey renamed.',
  passkeyRemoved: (name: string) => `Passkey “${name}” removed.`,
  passkeyRemovedLast: (name: string) => `Passkey “${name}” removed. Two-factor sign-in is off, and your other sessions were signed out.`,
  passkeyNotFound: 'That passkey is no longer on your account. Reload the page to see your passkeys.',
  passkeyNameRequired: 'Give the passkey a name.',
  passkeyNameTooLong: `A passkey name can be at most ${PASSKEY_NAME_MAX} characters.`,
  passkeyAddPassword: 'You signed in a while ago: enter your password to add a passkey.',
  twoFactorSetUpPassword: 'You signed in a while ago: enter your password to set up two-factor sign-in.',
  passkeyPasswordNeeded: 'This passkey is your last way of two-factor sign-in: enter your password to remove it.',
} as const;

/** The admin's sections, each at `/admin/<key>`: its name, which heads its page where the page has no longer title. */
const SECTION_LABELS = {
  dashboard: 'Dashboard',
  leads: 'Leads',
  blog: 'Blog',
  media: 'Media',
  pages: 'Pages',
  redirects: 'Redirects',
  import: 'Import',
  analytics: 'Analytics',
  audit: 'Audit log',
  privacy: 'Privacy',
  settings: 'Settings',
  staff: 'Staff',
  account: 'Account',
} as const;
type AdminSection = keyof typeof SECTION_LABELS;

export const ADMIN_SECTIONS = Object.fromEntries(
  Object.entries(SECTION_LABELS).map(([key, label]) => [key, { href: `/admin/${key}`, label }]),
) as { readonly [K in AdminSection]: { readonly href: `/admin/${K}`; readonly label: (typeof SECTION_LABELS)[K] } };

/** The admin's sidebar, in order (the same list is the phone menu). */
export const ADMIN_NAV = Object.values(ADMIN_SECTIONS);

/** The words the admin's pages share: each page's title and description, the pager, and common buttons and headings. */
export const ADMIN_TEXT = {
  pageTitle: (title: string) => `${title} · Admin`,
  description: (company: string) => `${company} staff area.`,
  pager: 'Pages',
  cancel: 'Cancel',
  delete: 'Delete',
  filter: 'Filter',
  retry: 'Retry',
  saving: 'Saving…',
  name: 'Name',
  status: 'Status',
} as const;

/** The admin frame, staff accounts (list, invitations, deactivation, sessions). */
export const STAFF_MESSAGES = {
  areaName: 'Staff',
  navLabel: 'Admin',
  menu: 'Menu',
  userMenuLabel: 'Your account',
  signedInAs: 'Signed in as',
  viewSite: 'View website',
  skipToContent: 'Skip to content',
  invited: (email: string) =>
    `Invitation to ${email} is on its way (its status below follows the e-mail). The link in it works once, for ${INVITATION_DAYS} days.`,
  invitedQueued: (email: string) =>
    `Invitation to ${email} is queued: e-mail is not set up on this server (SMTP_URL), so it goes out once it is. Meanwhile copy its link and send it another way; it works once, for ${INVITATION_DAYS} days.`,
  invitationClosed: 'This invitation is no longer open: it was accepted, replaced or has expired.',
  invitationPending: (email: string) => `${email} has an invitation waiting; sending another replaces it.`,
  invitationInvalid:
    'This invitation link is not valid any more: it was used, replaced or has expired. Ask a colleague to invite you again.',
  invitationAccepted: 'Your password is set and you are signed in.',
  invitationSubject: (company: string) => `Your ${company} staff account`,
  invitationText: (i: { name: string; inviter: string; link: string; company: string; role: string; can: string }) =>
    `Hello ${i.name},\n\n${i.inviter} has invited you to the ${i.company} staff area.\n\nYour role: ${i.role}. ${i.can}\n\nChoose your password here (the link works once, for ${INVITATION_DAYS} days):\n\n${i.link}\n\nIf you did not expect this, ignore this e-mail.`,
  deactivated: (name: string) => `${name} is deactivated and was signed out everywhere.`,
  reactivated: (name: string) => `${name} can sign in again.`,
  lastActiveAccount: 'This is the last active account: someone must be able to sign in. Invite or reactivate another person first.',
  alreadyInState: 'Nothing changed: the account was already in that state. Reload the page to see it.',
  personNotFound: 'This person has no staff account.',
  sessionEnded: 'The session has ended.',
  sessionGone: 'That session had already ended.',
  passwordsDiffer: 'The passwords do not match.',
} as const;

/** The Staff pages' labels. */
export const STAFF_TEXTS = {
  title: ADMIN_SECTIONS.staff.label,
  peopleHeading: 'People',
  name: ADMIN_TEXT.name,
  status: ADMIN_TEXT.status,
  lastSignIn: 'Last sign-in',
  sessions: 'Sessions',
  active: 'Active',
  inactive: 'Deactivated',
  never: 'Never',
  you: '(you)',
  pendingHeading: 'Invitations',
  device: 'Device',
  deviceText: (browser: string, system: string, network: string) =>
    `${[browser || 'Unknown browser', system].filter(Boolean).join(' on ')}${network ? ` · network ${network}` : ''}`,
  deviceUnknown: 'Not recorded',
  thisDevice: 'This device',
  invitedBy: (by: string | null, expires: string) => `${by ? `Invited by ${by}; ` : ''}the link works until ${expires}.`,
  invitedByOnly: (by: string | null) => (by ? `Invited by ${by}.` : ''),
  invitationStates: { queued: 'E-mail queued', sent: 'E-mail sent', failed: 'E-mail failed', accepted: 'Accepted', expired: 'Expired' },
  /** Beside "E-mail queued" when e-mail is not set up: why it waits. */
  queuedWithoutMail: 'e-mail is not set up on this server (SMTP_URL); it goes out once it is.',
  copyLink: 'Copy link',
  copyLinkFor: (name: string) => `Copy link for ${name}'s invitation`,
  linkCopied: 'Link copied. It works once: send it only to the person invited.',
  copyByHand: 'The browser did not allow copying; select the link and copy it:',
  inviteHeading: 'Add a person',
  inviteHint: 'They get an e-mail with a one-time link to choose their password. Their role sets what they can see and do.',
  role: 'Role',
  inviteName: ADMIN_TEXT.name,
  inviteEmail: 'Email',
  invite: 'Send invitation',
  inviting: 'Sending…',
  email: 'Email',
  created: 'Account created',
  deactivate: 'Deactivate',
  deactivateQuestion: (name: string) => `Deactivate ${name}? They are signed out everywhere at once and cannot sign in until reactivated.`,
  deactivateConfirm: 'Yes, deactivate',
  reactivate: 'Reactivate',
  sessionsHeading: 'Sessions',
  sessionsHint: 'Browsers where this person is signed in. Ending a session signs that browser out at its next request.',
  noSessions: 'Not signed in anywhere.',
  started: 'Signed in',
  expires: 'Ends at the latest',
  endSession: 'End session',
  theirActivity: 'Their activity in the audit log',
  backToStaff: 'All staff',
  invitationTitle: 'Choose your password',
  invitationFor: (name: string, email: string) => `Welcome, ${name}. You are setting the password for ${email}.`,
  newPassword: (min: number) => `Password (at least ${min} characters)`,
  repeatPassword: 'Repeat the password',
  setPassword: 'Set password',
  settingPassword: ADMIN_TEXT.saving,
  toSignIn: 'Go to sign-in',
} as const;

/*
 * The pages' own words, one constant per area so that a page's browser bundle carries only the texts it shows:
 * the frame of every page, each public page, the lead forms' controls, and the admin's pages. A sentence with a
 * link in it is split around the link (`before`, `link`, `after`), and one with a value the page sets apart
 * around the value (`before`, `after`); such parts keep their spaces.
 */

export const LOGIN_TEXT = {
  title: 'Staff sign-in',
  signedOut: 'You have signed out.',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  codeHelp: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  code: 'Authentication code',
  verify: 'Verify',
  verifying: 'Checking…',
  passkeySignIn: 'Sign in with a passkey',
  passkeyWaiting: 'Waiting for your passkey…',
  passkeyStep: 'Use your passkey to finish signing in.',
  usePasskey: 'Use your passkey',
  usePasskeyInstead: 'Use your passkey instead',
} as const;

export const ACCOUNT_TEXT = {
  title: 'Your account',
  signedInAs: 'Signed in as',
  passwordHeading: 'Change password',
  currentPassword: 'Current password',
  newPassword: (min: number) => `New password (at least ${min} characters)`,
  repeatPassword: 'Repeat the new password',
  changePassword: 'Change password',
  twoFactorHeading: 'Two-factor sign-in',
  recoveryHeading: 'Your recovery codes',
  recoveryHint: 'Each code signs you in once if you lose your phone. Store them somewhere safe now: they are not shown again.',
  toDashboard: 'Continue to the dashboard',
  twoFactorOn: { before: 'Two-factor sign-in is', state: 'on', after: '.' },
  recoveryLeft: (n: number) => `${n} recovery ${n === 1 ? 'code' : 'codes'} left.`,
  passwordToDisable: 'Your password, to turn it off',
  /** Asked again before a passkey or the authenticator app is added, or the last passkey removed. */
  yourPassword: 'Your password',
  disable: 'Turn off two-factor sign-in',
  scan: 'Scan this code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password).',
  qrAlt: 'QR code to add this account to an authenticator app',
  typeKey: 'Or type this key:',
  code: 'The 6-digit code the app shows',
  enable: 'Turn on two-factor sign-in',
  twoFactorOff: 'Two-factor sign-in is off. With it on, signing in also needs a code from your phone.',
  setUp: 'Set up two-factor sign-in',
  sessionsHeading: 'Other sessions',
  otherSessions: (n: number) =>
    n === 0
      ? 'You are not signed in anywhere else.'
      : `You are signed in on ${n} other ${n === 1 ? 'browser or device' : 'browsers or devices'}.`,
  sessionLimit: (limit: number) =>
    `At most ${limit} sessions stay open at once: signing in on one more browser signs out the one signed in longest ago.`,
  endOthers: 'Sign out other sessions',
} as const;

/** The account page's passkeys (docs/product.md#passkeys). */
export const PASSKEY_TEXT = {
  heading: 'Passkeys',
  intro:
    'A passkey signs you in with your fingerprint, face, screen lock or security key instead of your password, and counts as two-factor sign-in.',
  none: 'You have no passkeys yet.',
  caption: 'Your passkeys',
  added: 'Added',
  lastUsed: 'Last used',
  notUsed: 'Not used yet',
  newName: 'Name of the new passkey',
  add: 'Add a passkey',
  adding: 'Adding…',
  rename: 'Rename',
  renameLabel: (name: string) => `New name for “${name}”`,
  save: 'Save name',
  saving: ADMIN_TEXT.saving,
  remove: 'Remove',
  removeQuestion: (name: string) => `Remove “${name}”? It will no longer sign you in.`,
  removeConfirm: 'Yes, remove',
} as const;

/** The staff page for access and erasure requests under the Australian Privacy Principles. */
export const PRIVACY_REQUEST_TEXT = {
  title: ADMIN_SECTIONS.privacy.label,
  heading: 'Access and erasure requests',
  intro:
    'When someone asks what we hold about them, or asks us to delete it, enter the email address they used on the contact or quote form. Both actions are recorded in the audit log.',
  email: 'Email address',
  export: 'Export data',
  exported: (email: string, counts: string, auditEntries: number) =>
    `Downloaded the data held about ${email}: ${counts}, and ${auditEntries} audit ${auditEntries === 1 ? 'entry' : 'entries'}.`,
  eraseHeading: 'Erase',
  eraseHint:
    'Deletes every quote request and contact message sent with this address (in any letter case) and their notifications, for good. The audit log keeps who did it and how much, not the address.',
  erase: 'Erase all data',
  eraseQuestion: (email: string) => `Erase everything held about ${email || 'this address'}? This cannot be undone.`,
  confirmErase: 'Yes, erase all data',
  erased: (counts: string, email: string) => `Erased ${counts} for ${email}.`,
  /** "2 quote requests, 1 contact message and 3 notifications" */
  counts: (c: { quotes: number; contacts: number; notifications: number }) =>
    `${counted(c.quotes, 'quote request', 'quote requests')}, ${counted(c.contacts, 'contact message', 'contact messages')} and ${counted(c.notifications, 'notification', 'notifications')}`,
  /** The audit entries of an erasure and of the retention job (they keep how much, never the address). */
  erasedEntry: (reference: string, counts: string) => `${reference}: ${counts} erased`,
  purgedEntry: (counts: string, days: number) => `${counts} older than ${days} days deleted`,
} as const;

/** What the blog editor says: about its fields, links, image uploads, autosave, history and address (issue 18). */
export const EDITOR_MESSAGES = {
  notYourPost: 'You can edit only your own drafts. An Editor can change this post.',
  publishNeedsEditor:
    'Your role submits posts for review; an Editor publishes them. Untick “Publish this post” and use “Submit for review”.',
  submitForReview: 'Submit for review',
  submitting: 'Submitting…',
  submitted: 'Submitted for review. The Editors have been told by e-mail.',
  waitingForReview: 'Waiting for review',
  alreadyPublished: 'This post is already published: there is nothing to review.',
  reviewSubject: (title: string) => `Post waiting for review: ${title}`,
  reviewText: (author: string, title: string, link: string) =>
    `${author} has submitted “${title}” for review.\n\nOpen it in the editor to read it and publish it:\n\n${link}`,
  featuredImageHttps:
    'Featured image must be an address starting with https:// (browsers block http:// images on this site), or an image uploaded here.',
  imageUrlInvalid: 'Enter an image address starting with https://, or upload an image.',
  linkUrlInvalid: 'Enter an address starting with https:// or http://, a mailto: address, or a page of this site such as /contact.',
  linkUrlRequired: 'Enter the address the link goes to.',
  altRequired: 'Describe the image for people who cannot see it.',
  featuredAltRequired: 'Describe the featured image for people who cannot see it, or mark it as decorative.',
  imageRequired: 'Choose an image to upload, or enter its address.',
  imageTooLarge: (mb: number) => `This image is larger than ${mb} MB. Save it smaller (or at a lower quality) and upload it again.`,
  imageType: 'Only PNG, JPEG, GIF and WebP images can be uploaded.',
  imageSvg: 'SVG images cannot be uploaded: they can carry scripts that would run on the site. Export it as PNG or WebP.',
  imageMismatch: (claimed: string) => `This file is not the ${claimed} image its name says. Export it again and upload the exported file.`,
  imageUnreadable: 'This image could not be read; the file may be damaged. Export it again and upload it.',
  imageTooManyPixels: (megapixels: number) =>
    `This image has more than ${megapixels} megapixels. Resize it (2000 pixels across is plenty for the site) and upload it again.`,
  imageBusy: 'The server is busy with other images. Please try again in a moment.',
  imageRateLimited: (count: number, minutes: number) =>
    `You have uploaded ${count} images in the last ${minutes} minutes. Please wait a few minutes, then upload the rest.`,
  imageEmpty: 'The file is empty.',
  imageNotFound: 'Image not found.',
  slugInvalid: 'Address may use only lowercase letters, digits and single hyphens between them, like network-security-basics.',
  slugTaken: (slug: string, free: string) => `The address /blog/${slug} is used by another post. Try /blog/${free}.`,
  slugStillRedirects: (slug: string, free: string) =>
    `The address /blog/${slug} still leads to another post, which had it before. ` +
    `An Editor can give it to this post by publishing it. Try /blog/${free}.`,
  publishedAtInvalid: 'Publish date must be a valid date and time.',
  slugWillRedirect: (oldSlug: string) => `This post is published: its old address /blog/${oldSlug} will redirect to the new one.`,
  /** The editor's one status under its Save button (also "Saving…" and "Unsaved changes"). */
  savedAt: (time: string) => `Saved at ${time}`,
  retrying: "Couldn't save, retrying",
  autosaveRestored: (time: string) => `Restored your unsaved changes from ${time}.`,
  revisionRestored: (time: string) => `Restored the version saved ${time}.`,
  revisionNotFound: 'That version no longer exists.',
} as const;

/** The site settings page (/admin/settings): what a field refused says, and the save's outcome. */
export const SETTINGS_MESSAGES = {
  abn: 'Enter a valid ABN: 11 digits, like 53 004 085 616 (the check digits must match).',
  phone: 'Enter an Australian phone number, like 02 8005 0142, 0412 345 678 or 1300 123 456.',
  postcode: 'Enter a 4-digit postcode.',
  region: 'Choose a state or territory.',
  socialUrl: 'Enter the full address of the page, starting with https://.',
  socialMax: (max: number) => `Add at most ${max} social links.`,
  statsCount: (min: number, max: number) => `Show from ${min} to ${max} figures on the home page.`,
  saved: 'Settings saved. Every page shows them now.',
} as const;

/** The dashboard's counts, lists, notifications and chart. */
export const DASHBOARD_TEXT = {
  nothingToReview: 'No draft is waiting for review.',
  counts: {
    quotes: 'Quote requests',
    contacts: 'Contact messages',
    published: 'Published posts',
    drafts: 'Drafts',
    scheduled: 'Scheduled posts',
  },
  recentHeading: 'Recent quote requests',
  noQuotes: 'No quote requests yet.',
  waitingHeading: { before: 'Waiting for a reply (', after: ')' },
  allContacted: 'Every lead has been contacted.',
  /** Under the waiting list when it shows only the longest-waiting ones. */
  allWaiting: (count: number) => `All ${formatWholeNumber(count)} waiting leads`,
  /** A link to the leads held on arrival as possible spam (sent too fast): some are people waiting for a reply. */
  heldLeads: (count: number) => `${formatWholeNumber(count)} ${count === 1 ? 'lead' : 'leads'} held as possible spam`,
  heldHint: 'Sent faster than a person usually fills the form in. Open one and choose “Not spam” to release it.',
  failuresHeading: { before: 'Notification failures (', after: ')' },
  retryAll: 'Retry all now',
  /** "Email to staff for a quote request": the notification's kind, then its lead's type. */
  failureFor: ' for a ',
  attempts: ' attempts · ',
  failed: 'failed',
  chartHeading: 'Leads per week',
  chartCaption: { before: 'Leads per week over the last 12 weeks (', after: ' in total). ' },
  showNumbers: 'Show the numbers',
  weekStarting: 'Week starting',
  /** The Owner's line about the off-site backup (docs/product.md#dashboard). */
  backup: {
    heading: 'Off-site backup',
    last: (ago: string) => `Last off-site backup: ${ago}.`,
    none: 'Last off-site backup: none yet.',
    checked: (ago: string) => `Last checked by a test restore: ${ago}.`,
    /** "14 minutes ago"; the Owner reads it at a glance, so words rather than "14 min". */
    ago: (ms: number) => {
      const minutes = Math.floor(ms / 60_000);
      const unit = (n: number, word: string) => `${formatWholeNumber(n)} ${word}${n === 1 ? '' : 's'} ago`;
      if (minutes < 1) return 'just now';
      if (minutes < 60) return unit(minutes, 'minute');
      const hours = Math.floor(minutes / 60);
      return hours < 48 ? unit(hours, 'hour') : unit(Math.floor(hours / 24), 'day');
    },
    overdue:
      'No off-site backup has succeeded for two backup intervals: leads and posts since the last one are only on this server. The site keeps trying; check the storage settings and the log.',
    verifyFailed:
      'The last test restore of the newest off-site backup failed, so it may not restore. Run npm run backup:verify on the server to see why.',
    lastError: (error: string) => `Last error: ${error}`,
    off: 'Off-site backup is off: leads and posts are only on this server. Set BACKUP_URL and BACKUP_KEY to turn it on (see the operations guide).',
    database: 'On PostgreSQL the database keeps the off-site backups (your provider’s backups, WAL-G or pgBackRest), not the site.',
  },
} as const;

/** The leads inbox: the list, its filters and export, and one lead's page with its status, notes and notifications. */
export const LEADS_TEXT = {
  type: 'Type',
  received: 'Received',
  notes: 'History and notes',
  notifications: 'Notifications',
  exportCsv: 'Export CSV',
  filtersLabel: 'Filter leads',
  /** The phone's button that unfolds the filters, with how many are in use. */
  filtersButton: (active: number) => (active ? `Filters (${active} in use)` : 'Filters'),
  search: 'Search name, email or company',
  any: 'Any',
  receivedFrom: 'Received from',
  receivedTo: 'Received to',
  clear: 'Clear',
  caption: 'Leads, newest first',
  noneMatch: 'No leads match these filters.',
  firstPage: 'First page',
  older: 'Older leads',
  leadTitle: (type: string, name: string) => `${type} from ${name}`,
  allLeads: '← All leads',
  details: 'Details',
  currentStatus: 'Current status:',
  /** The button that moves a lead to each status. */
  moveTo: {
    new: 'Not spam',
    contacted: 'Mark contacted',
    quoted: 'Mark quoted',
    won: 'Mark won',
    lost: 'Mark lost',
    spam: 'Mark as spam',
  },
  noNotifications: 'No notifications for this lead.',
  afterAttempts: (n: number) => `after ${n} attempts`,
  deleteHint: 'Erases this lead and its notifications for good, for example when the person asks.',
  deleteLead: 'Delete lead',
  deleteQuestion: (name: string) => `Delete everything ${name} sent? This cannot be undone.`,
  deleteConfirm: 'Yes, delete this lead',
  noteHistory: 'Notes, replies, status changes and assignments, oldest first',
  noteLabel: 'Add a note (staff only)',
  addNote: 'Add note',
} as const;

/** The blog's admin pages: the list of posts, a post's preview, and the editor's form around the post's body. */
export const POSTS_TEXT = {
  title: 'Blog posts',
  newPost: 'New post',
  empty: 'No blog posts yet.',
  postTitle: 'Title',
  publishDate: 'Publish date',
  actions: 'Actions',
  edit: 'Edit',
  view: 'View',
  preview: 'Preview',
  /** A row's link or button named with its post: "Edit Cloud backups". */
  actionOn: (action: string, title: string) => `${action} ${title}`,
  deleteQuestion: (title: string) => `Delete "${title}"? This cannot be undone.`,
  deleteConfirm: 'Yes, delete it',
  deleted: (title: string) => `Deleted "${title}".`,
  newest: 'Newest posts',
  older: 'Older posts',
  editThisPost: 'Edit this post',
  discardRestored: 'Discard them',
  viewPost: 'View the post',
  address: 'Address',
  addressHint: (slug: string) => `The post's address: /blog/${slug || '…'}. It follows the title until you change it.`,
  excerpt: 'Excerpt',
  author: 'Author',
  content: 'Content',
  tagsHint: 'Separate tags with commas, for example: Security, Cloud',
  featuredImage: 'Featured image',
  featuredNow: 'The featured image now',
  removeFeatured: 'Remove featured image',
  uploadFeatured: 'Upload a featured image',
  featuredUrl: 'Featured image URL',
  featuredHint: 'Or an address starting with https://',
  publishing: 'Publishing',
  publish: 'Publish this post',
  reviewHint: 'An Editor reads your draft and publishes it. Submit it when it is ready.',
  reviewSince: (when: string) => `submitted ${when}. You can still change it; an Editor sees each save.`,
  saveBeforeReview: 'Save your changes before submitting.',
  saveDraftFirst: 'Save the draft first, then submit it for review.',
  reviewBadge: 'Waiting for review',
  publishDateIn: { before: 'Publish date (', after: ' time)' },
  scheduleHint: 'Empty: dated when it is published. A date in the future schedules the post.',
  onSave: 'On save this post will be:',
  willBe: { Published: 'published now', Scheduled: 'scheduled', Draft: 'a draft' },
  publishedDated: (when: string) => `published, dated ${when}`,
  save: 'Save post',
  unsaved: 'Unsaved changes',
} as const;

/** The post body's editor: its toolbar, the link and image dialogs, image uploads and the post's history. */
export const EDITOR_TEXT = {
  toolbar: 'Formatting',
  tools: {
    bold: 'Bold',
    italic: 'Italic',
    h2: 'Heading 2',
    h3: 'Heading 3',
    bulletList: 'Bullet list',
    orderedList: 'Numbered list',
    quote: 'Quote',
    code: 'Code block',
    link: 'Link',
    image: 'Image',
    undo: 'Undo',
    redo: 'Redo',
  },
  addLink: 'Add link',
  editLink: 'Edit link',
  updateLink: 'Update link',
  removeLink: 'Remove link',
  linkAddress: 'Link address',
  linkAddressHint: 'For example https://www.cyber.gov.au, mailto:hello@example.com or /contact',
  linkText: 'Link text',
  addImage: 'Add image',
  insertImage: 'Insert image',
  uploadImage: 'Upload an image',
  imageAddress: 'Or an image address',
  imageAddressHint: 'An address starting with https://',
  alt: 'Description (alt text)',
  altHint: 'What the image shows, for people who cannot see it.',
  uploadHint: (mb: number, megapixels: number) =>
    `PNG, JPEG, GIF or WebP, up to ${mb} MB and ${megapixels} megapixels. It is resized for phones and large screens.`,
  history: 'History',
  /** When a version was saved and by whom; a version the site saved itself (a scheduled publish) has no person. */
  savedWhen: (when: string, by: string | null) => `${when} by ${by ?? 'the site'}`,
  saved: 'Saved ',
  currentVersion: 'Current version',
  restoreConfirm: 'Restore this version',
} as const;

/** The site settings page's fieldsets, labels and hints (SETTINGS_MESSAGES has what it answers). */
export const SETTINGS_TEXT = {
  title: 'Site settings',
  intro: 'What every page, e-mail and feed shows about the company. A save shows on the site at once.',
  company: 'Company',
  name: 'Company name',
  legalName: 'Legal name',
  legalNameHint: 'Shown beside the ABN at the foot of every page.',
  email: CONTACT_TEXT.email,
  phone: CONTACT_TEXT.phone,
  phoneHint: 'An Australian number, like 02 8005 0142 or 1300 123 456.',
  abn: 'ABN',
  abnHint: '11 digits; spaces are fine.',
  address: 'Address',
  street: 'Street address',
  locality: 'Suburb',
  region: 'State or territory',
  postcode: 'Postcode',
  social: { legend: 'Social links', noun: 'Link', name: 'Network', url: 'Page address' },
  stats: { legend: 'Home page figures', noun: 'Figure', label: 'Label' },
  /** A list's row is named by its number: "Link 1"; its remove button also by what it holds, once typed. */
  row: (noun: string, n: number) => `${noun} ${n}`,
  remove: 'Remove',
  removeRow: (noun: string, n: number, name: string) => `Remove ${noun.toLowerCase()} ${n}${name ? ` (${name})` : ''}`,
  addRow: (noun: string) => `Add a ${noun.toLowerCase()}`,
  save: 'Save settings',
} as const;

/** The leads inbox and the dashboard: notes, spam, delivery, ages and the CSV export's headings. */
export const INBOX_MESSAGES = {
  noteRequired: 'Write the note before adding it.',
  noteTooLong: (max: number) => `A note can be at most ${formatWholeNumber(max)} characters.`,
  noteAdded: 'Note added.',
  /** A note carried over from the single notes box, whose author was never recorded. */
  noteAuthorUnknown: 'Earlier notes (author not recorded)',
  noNotes: 'No notes or status changes yet.',
  /** A status change in the lead's history. */
  statusEntry: (from: string, to: string) => `Status: ${from} → ${to}`,
  leadChangedMeanwhile: 'Someone else changed this lead a moment ago. Reload the page to see the change.',
  statusChanged: (label: string) => `Status changed to ${label}.`,
  releasedFromSpam: 'Marked not spam. Its notifications are on their way.',
  notSpamAction: 'Not spam: send its notifications',
  possibleSpam:
    'Possible spam: the form was sent faster than a person can fill it in, so no one was notified. If it is genuine, mark it not spam and its notifications are sent now.',
  honeypotSpam: 'Stored as spam: a field hidden from people was filled in, so no one was notified.',
  replyByEmail: 'Reply by e-mail',
  replySubject: (type: 'quote' | 'contact', service: string, companyName: string) =>
    type === 'quote' && service ? `Your quote request for ${service}` : `Your message to ${companyName}`,
  age: (ms: number) => {
    const minutes = Math.floor(ms / 60_000);
    if (minutes < 1) return 'just now';
    if (minutes < 60) return `${minutes} min ago`;
    const hours = Math.floor(minutes / 60);
    return hours < 48 ? `${hours} h ago` : `${Math.floor(hours / 24)} days ago`;
  },
  overdue: 'Overdue',
  replyPromise: (hours: number) => `We promise a reply within ${hours} hours; a new lead waiting longer is overdue.`,
  allDelivered: 'All notifications were delivered.',
  emailsWaitForSmtp: (n: number) =>
    `${counted(n, 'e-mail is', 'e-mails are')} waiting: e-mail sending is not configured (SMTP_URL), so they are kept and go out once it is.`,
  webhooksWaitForUrl: (n: number) =>
    `${counted(n, 'webhook call is', 'webhook calls are')} waiting: the webhook is not configured (WEBHOOK_URL), so they are kept and go out once it is.`,
  queued: (n: number) => `${counted(n, 'notification is', 'notifications are')} queued and normally go out within a minute.`,
  failuresListed: (shown: number, total: number) => `The ${formatWholeNumber(shown)} newest of ${formatWholeNumber(total)}.`,
  failuresRetryHint: 'Notifications waiting for SMTP or the webhook are retried by themselves within a minute of its return.',
  retryNow: 'Retry now',
  csv: {
    type: LEADS_TEXT.type,
    received: (timeZone: string) => `Received (${timeZone})`,
    sent: "Sent at (visitor's clock)",
    status: ADMIN_TEXT.status,
    otherAnswers: 'Other answers',
    notes: LEADS_TEXT.notes,
    id: 'Lead ID',
  },
} as const;

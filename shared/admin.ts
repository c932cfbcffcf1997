import type { Redirect } from './redirects.ts';
import type { ImportStatus } from './import-messages.ts';
import type { AdminPostPage, AdminPostSummary, EditorState } from './blog.ts';
import type { PostPreview, PreviewLink } from './previews.ts';
import type { SessionUser } from './staff.ts';
import type { AnalyticsReport, AnalyticsSummary } from './analytics.ts';
import type { LeadSource } from './lead-source.ts';
import type { LeadLine } from './lead-fields.ts';
import type { PasskeyInfo } from './passkeys.ts';
import type { SpamReason } from './leads.ts';
import type { SavedReply } from './saved-replies.ts';
import type { MediaPage, MediaQuery } from './media.ts';
import type { InvitationView, StaffOverview, StaffPerson } from './staff.ts';

/**
 * The admin area's domain types, shared by the server (which fills them) and the admin pages (which show
 * them). Dates are ISO-8601 strings. The words staff read for these values (statuses, types, audit entries) are
 * in shared/admin-messages.ts.
 */

/** Staff passwords' minimum length; here, not beside the zod schema, so the account page ships no zod. */
export const PASSWORD_MIN_LENGTH = 12;

export const LEAD_TYPES = ['quote', 'contact'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

/** The status workflow: new → contacted → quoted → won / lost, plus spam (and back with "not spam"). */
export const LEAD_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * Leads held on arrival for being sent faster than a person fills the form in: real people among them (a quick
 * typist, a browser's autofill) are waiting for staff to release them. A filter of the inbox, not a status.
 */
export const POSSIBLE_SPAM = 'possible-spam';

/** The inbox's status filter: every status, and the leads held as possible spam. */
export const LEAD_STATUS_FILTERS = [...LEAD_STATUSES, POSSIBLE_SPAM] as const;
export type LeadStatusFilter = (typeof LEAD_STATUS_FILTERS)[number];

/** The statuses a lead may move to from each status; "not spam" returns a lead to new. */
export const LEAD_TRANSITIONS: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'spam'],
  contacted: ['quoted', 'lost', 'spam'],
  quoted: ['won', 'lost', 'spam'],
  won: ['quoted'],
  lost: ['contacted', 'spam'],
  spam: ['new'],
};

/** The final statuses: how a lead ended ("Outcome" in the CSV). */
export const LEAD_OUTCOMES = ['won', 'lost'] as const satisfies readonly LeadStatus[];
export type LeadOutcome = (typeof LEAD_OUTCOMES)[number];

export function isOutcome(status: LeadStatus): status is LeadOutcome {
  return (LEAD_OUTCOMES as readonly LeadStatus[]).includes(status);
}

/** Why a lead was lost, from a short list ("Lost" takes one, or none). */
export const LOST_REASONS = ['price', 'timing', 'competitor', 'no-reply', 'not-a-fit', 'other'] as const;
export type LostReason = (typeof LOST_REASONS)[number];

/** The longest note a follow-up may carry. */
export const FOLLOW_UP_NOTE_MAX = 500;

/** The largest value a won lead may record, in whole AUD. */
export const WON_VALUE_MAX = 100_000_000;

/** The site promises a reply within 24 hours: older new leads are overdue. */
export const REPLY_PROMISE_HOURS = 24;

/** A new lead that has waited longer than the reply promise at `now` (ISO). */
export function isOverdue(lead: { status: LeadStatus; createdAt: string }, now: string): boolean {
  return lead.status === 'new' && Date.parse(now) - Date.parse(lead.createdAt) > REPLY_PROMISE_HOURS * 3600_000;
}

export interface LeadSummary {
  type: LeadType;
  id: string;
  name: string;
  email: string;
  company: string | null;
  service: string | null;
  status: LeadStatus;
  /** Set while a lead stored as spam on arrival waits for staff: its notifications have not been sent. */
  spamReason: SpamReason | null;
  /** The staff member who owns the lead, by their current name; null while nobody does. */
  assignee: Assignee | null;
  /** Won: the value in whole AUD. */
  wonValue: number | null;
  /** Lost: why, when staff said. */
  lostReason: LostReason | null;
  /** The day to follow it up (YYYY-MM-DD, the company's calendar) and why; null when none is set. */
  followUpOn: string | null;
  followUpNote: string | null;
  createdAt: string;
}

export const ASSIGNMENT_KINDS = ['assigned', 'unassigned', 'released'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];

/** A staff member a lead can be assigned to (docs/product.md#lead-work). */
export interface Assignee {
  id: string;
  name: string;
}

/** The longest note staff may add (a page of text). */
export const NOTE_MAX_LENGTH = 10_000;

/**
 * An entry of a lead's history: a note staff wrote, or a status change (then `body` is empty); `author` is null for
 * notes kept from before the history began.
 */
export interface LeadNote {
  id: string;
  author: string | null;
  body: string;
  change: { from: LeadStatus; to: LeadStatus } | null;
  /**
   * An assignment: to whom (their name then); `unassigned` from whom; `released` from whom when their account was
   * deactivated.
   */
  assignment: { kind: AssignmentKind; assignee: string } | null;
  createdAt: string;
}

/** Where a reply's e-mail stands, from its outbox row: queued (also while retrying), sent, or failed with why. */
export type ReplyDelivery = { state: 'queued' } | { state: 'sent'; at: string } | { state: 'failed'; error: string };

/** A reply staff sent the visitor from the lead's page. */
export interface LeadReply {
  id: string;
  /** The sender's current name, else the address they sent from. */
  author: string;
  subject: string;
  body: string;
  delivery: ReplyDelivery;
  createdAt: string;
}

export interface NotificationState {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
  nextAttemptAt: string;
}

export interface LeadDetail extends LeadSummary {
  /** Every field the visitor sent, in form order, with readable labels. */
  fields: LeadLine[];
  /** Oldest first. */
  notes: LeadNote[];
  submittedAt: string | null;
  notifications: NotificationState[];
  /** Oldest first. */
  replies: LeadReply[];
}

export interface LeadFilter {
  type?: LeadType;
  status?: LeadStatusFilter;
  service?: string;
  /** Inclusive calendar dates, YYYY-MM-DD, in the company's time zone. */
  from?: string;
  to?: string;
  q?: string;
  /** A staff member's id: only the leads assigned to them ("Assigned to me"). */
  assignee?: string;
}

export type LeadFilterQuery = LeadFilter & { cursor?: string };

// Here rather than beside the filter's zod schema, so the inbox page does not ship zod to the browser.
/** The query string for a filter (and page), for links and the CSV export. */
export function leadFilterQuery(filter: LeadFilterQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface LeadPage {
  leads: LeadSummary[];
  /** Opaque keyset cursor for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface OutboxFailure {
  id: string;
  kind: string;
  leadType: LeadType;
  leadId: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

export interface WeeklyLeads {
  /** First day of the week, YYYY-MM-DD. */
  weekStart: string;
  quotes: number;
  contacts: number;
}

/** Notifications not yet delivered nor failed, and whether the channel each waits for is configured. */
export interface PendingDelivery {
  emails: number;
  webhooks: number;
  /** SMTP_URL is set: without it, e-mails wait until it is. */
  hasSmtp: boolean;
  /** WEBHOOK_URL is set: without it, webhook calls queued earlier wait. */
  hasWebhook: boolean;
}

/** Spam is left out of every count and list. */
export interface DashboardData {
  counts: { quotes: number; contacts: number };
  recentQuotes: LeadSummary[];
  /** The new leads waiting longest, leaving out those already in `recentQuotes`, so each shows once. */
  newLeads: LeadSummary[];
  newLeadCount: number;
  /** Leads held on arrival as possible spam (sent too fast), which staff may release. */
  heldLeadCount: number;
  /** The viewer's own leads, spam left out ("Assigned to you"). */
  assignedToYou: number;
  /** Open leads left with nobody when their assignee's account was deactivated. */
  releasedLeadCount: number;
  /** Open leads to follow up today or earlier, the viewer's own first, then the longest overdue. */
  followUpsDue: LeadSummary[];
  outboxFailures: OutboxFailure[];
  /** Every failed notification, not only the ones listed. */
  outboxFailureCount: number;
  pending: PendingDelivery;
  weekly: WeeklyLeads[];
}

export interface AuditEntry {
  id: string;
  /** The staff account that acted, if any (a failed sign-in or the system has none). */
  userId: string | null;
  actor: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  createdAt: string;
}

/** What an entry is about, while it exists (a post, a lead, a person, an image, the settings), with a page to open. */
export interface AuditSubject {
  href: string;
  label: string;
}

/** A piece of an audit entry's sentence: words, or its subject as a link. */
export type AuditPart = string | AuditSubject;

export interface AuditLine extends AuditEntry {
  /** The entry in words ("Moved Ann Lee’s quote request from New to Contacted"), its subject linked while it exists. */
  sentence: AuditPart[];
  /** The staff member who acted, by name, and their page, while their account exists. */
  actorName: string | null;
  actorHref: string | null;
}

/** The audit log's filters (URL query `person`, `action`) and page (`cursor`). */
export interface AuditQuery {
  person?: string;
  action?: string;
  cursor?: string;
}

export interface AuditPage {
  entries: AuditLine[];
  nextCursor: string | null;
  /** The people the log can be filtered by: every staff account. */
  people: Array<{ id: string; name: string }>;
}

/** The audit log's address for a filter and page, for links and the pager. */
export function auditQueryString(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const key of ['person', 'action', 'cursor'] as const) if (query[key]) params.set(key, query[key]);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface AccountInfo {
  email: string;
  name: string;
  hasTwoFactor: boolean;
  recoveryCodesLeft: number;
  otherSessions: number;
  twoFactorRequired: boolean;
  /** MAX_SESSIONS_PER_USER: a new sign-in beyond it ends the oldest session. */
  sessionLimit: number;
  /** Oldest first. */
  passkeys: PasskeyInfo[];
}

/** After sign-in, only local paths are followed; anything else (other sites, `//host`, `/\host`) goes to the dashboard. */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//')) {
    return '/admin/dashboard';
  }
  // Control characters and backslashes: browsers strip or rewrite them, which could turn this into `//host`.
  if ([...next].some((c) => c.charCodeAt(0) < 0x20 || c === '\\')) return '/admin/dashboard';
  // It becomes a Location header, which takes only Latin-1: spaces and other characters go percent-encoded.
  try {
    return next.replace(/[^\x21-\x7e]+/g, encodeURIComponent);
  } catch {
    return '/admin/dashboard'; // a lone surrogate cannot be encoded
  }
}

/** Every action the audit log records (their words and sentences: AUDIT_TEXT in shared/audit-texts.ts). */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.password_changed',
  'auth.sessions_ended',
  'auth.2fa_enabled',
  'auth.2fa_disabled',
  'auth.recovery_code_used',
  'auth.passkey_added',
  'auth.passkey_renamed',
  'auth.passkey_removed',
  'auth.passkey_sign_in',
  'auth.passkey_sign_in_failed',
  'user.created',
  'user.password_reset',
  'user.invited',
  'user.invitation_link',
  'user.deactivated',
  'user.reactivated',
  'user.session_ended',
  'user.role_changed',
  'user.ownership_transferred',
  'post.created',
  'post.published',
  'post.updated',
  'post.deleted',
  'post.restored',
  'post.submitted',
  'post.preview_shared',
  'post.preview_revoked',
  'image.uploaded',
  'image.alt_changed',
  'image.deleted',
  'images.purged',
  'lead.status',
  'lead.deleted',
  'lead.note_added',
  'lead.assigned',
  'lead.replied',
  'lead.follow_up',
  'saved_reply.saved',
  'saved_reply.deleted',
  'lead.not_spam',
  'leads.exported',
  'outbox.retried',
  'outbox.retried-all',
  'privacy.exported',
  'privacy.erased',
  'leads.purged',
  'settings.updated',
  'settings.sign_in_policy',
  'words.draft',
  'words.published',
  'words.scheduled',
  'words.restored',
  'words.discarded',
  'words.deleted',
  'words.preview_shared',
  'words.preview_revoked',
  'redirect.added',
  'redirect.changed',
  'redirect.deleted',
  'redirects.imported',
  'site.exported',
  'site.imported',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The blog's figures on the dashboard. */
export interface PostFigures {
  counts: { published: number; drafts: number; scheduled: number };
  /** Drafts waiting for an Editor; null for a person who cannot publish. */
  awaitingReview: AdminPostSummary[] | null;
}

/** The dashboard for one person: each part only when their role may see it (docs/product.md#roles). */
/**
 * The off-site backup as the Owner's dashboard shows it (docs/product.md#dashboard): `off` without BACKUP_URL,
 * `database` on PostgreSQL (where backups are the database's job). A warning is due when `overdue` (two intervals
 * without a successful upload) or `verifyFailed` (the last check of the newest snapshot failed).
 */
export interface OffsiteBackupStatus {
  state: 'on' | 'off' | 'database';
  lastUploadAt: string | null;
  lastVerifiedAt: string | null;
  overdue: boolean;
  verifyFailed: boolean;
  /** What went wrong last, while something is wrong. */
  lastError: string | null;
}

export interface DashboardView {
  leads: DashboardData | null;
  /** Only the Owner's. */
  backup: OffsiteBackupStatus | null;
  posts: PostFigures | null;
  /** Visitors this week and last, leads by channel (docs/product.md#analytics); null without analytics.view. */
  analytics: AnalyticsSummary | null;
}

/** The Analytics page: the report, or null when the address asks for a range that cannot be shown. */
export interface AnalyticsPageData {
  report: AnalyticsReport | null;
  today: string;
}

/**
 * The admin's read API for `+data.ts` files (the guard has already checked the visitor is staff and that their
 * role opens the page; reads that depend on the person take them as `viewer`).
 */
export interface AdminPageService {
  dashboard(viewer: SessionUser): Promise<DashboardView>;
  leads(filter: LeadFilter, cursor?: string): Promise<LeadPage>;
  lead(type: LeadType, id: string): Promise<LeadDetail | null>;
  /** Who a lead can be assigned to (the lead page's "Assigned to"). */
  assignableStaff(): Promise<Assignee[]>;
  audit(query: AuditQuery): Promise<AuditPage>;
  staff(): Promise<StaffOverview>;
  /** `viewerCsrf`: the viewer's session's CSRF token, which marks their own session in the list ("This device"). */
  person(id: string, viewerCsrf: string | null): Promise<StaffPerson | null>;
  /** Who an invitation link is for; null when it does not work. */
  invitation(token: string): Promise<InvitationView | null>;
  account(userId: string): Promise<AccountInfo>;
  /** Every post, drafts and scheduled ones included; only their own for a person who may not edit others'. */
  posts(viewer: SessionUser, cursor?: string): Promise<AdminPostPage>;
  /** The preview of a post the viewer may edit (throws PERMISSION_DENIED otherwise); null for no such post. */
  preview(id: string, viewer: SessionUser): Promise<PostPreview | null>;
  /** The post's share links that work now (the editor's "Share preview"), under the same rule. */
  shareLinks(id: string, viewer: SessionUser): Promise<PreviewLink[]>;
  /**
   * The blog editor's post (null id: a new one), history and the person's autosave; null for no such post.
   * Throws PERMISSION_DENIED for a post the viewer may not edit.
   */
  editor(id: string | null, viewer: SessionUser): Promise<EditorState | null>;
  /** The Analytics page for `search` (`days`, or `from` and `to`); lead figures only for those who may see leads. */
  analytics(viewer: SessionUser, search: Record<string, string>): Promise<AnalyticsPageData>;
  /** Views and leads of these posts over 30 days, by slug; null for a person who may not see analytics. */
  postFigures(viewer: SessionUser, slugs: string[]): Promise<Record<string, { views: number; leads: number | null }> | null>;
  /** Where a lead's visit came from; null when nothing was recorded. */
  leadSource(type: LeadType, id: string): Promise<LeadSource | null>;
  /** Whether the person asked for the weekly analytics e-mail. */
  weeklySummary(userId: string): Promise<boolean>;
  /** Whether they asked for the morning e-mail of their follow-ups due. */
  followUpEmail(userId: string): Promise<boolean>;
  /** The saved replies, by name (the Reply form and their page). */
  savedReplies(): Promise<SavedReply[]>;
  /** Every redirect, the blog's old slugs included (docs/product.md#redirects). */
  redirects(): Promise<Redirect[]>;
  /** The newest import that ran, with its report (docs/product.md#import); null before any. */
  lastImport(): Promise<ImportStatus | null>;
  /** A page of the media library, each image's uses as `viewer` may see them (docs/product.md#media). */
  media(viewer: SessionUser, query: MediaQuery): Promise<MediaPage>;
}

/** The staff area: its pages have their own frame, are private and never cached. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

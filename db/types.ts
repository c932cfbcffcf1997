import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { CONTACT_FIELDS, FieldColumns, QUOTE_COLUMN_FIELDS } from '../shared/lead-fields.ts';

/*
 * Timestamps are ISO-8601 UTC strings (`2026-11-22T07:03:24.000Z`) in both engines, so they sort and compare
 * as text the same way everywhere; booleans are 0/1 integers for the same reason (docs/decisions/002).
 * JSON columns hold JSON text.
 */

/** A post's words and image, stored alike by the post and by each of its saved versions (`blog_revisions`). */
export interface PostContentColumns {
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  author: string;
  /** JSON array of strings. */
  tags: string;
  featured_image: string | null;
  /** The featured image's alt text; '' when marked decorative, null when none was given (migration 160). */
  featured_image_alt: string | null;
}

export interface BlogsTable extends PostContentColumns {
  id: string;
  published: number;
  published_at: string;
  created_at: string;
  updated_at: string;
  read_time: number;
  /** Lowercased title, excerpt and content text: what blog search matches (migration 020; defaults to ''). */
  search_text: Generated<string>;
  /** The staff account that created the post; null for posts from before roles, scripts and demo content (migration 130). */
  created_by: string | null;
  /** Set while an Author's draft waits for an Editor (migration 130). */
  review_requested_at: string | null;
  /** 1 once the publish date was chosen or the post published; until then a draft's date follows its publishing (migration 190). */
  publish_date_fixed: Generated<number>;
}

/**
 * One row per tag of a post (migration 120), written with the post by `insertBlogs` and `updateBlog`: the tag's
 * key (`tagKey` in shared/blog.ts) and the post's publish time, so a tag's page walks one index in list order.
 */
export interface BlogTagsTable {
  blog_id: string;
  tag: string;
  published_at: string;
}

export interface BlogRedirectsTable {
  old_slug: string;
  blog_id: string;
  created_at: string;
}

/** A redirect staff made or an import wrote (migration 240); `from_path` is normalised (shared/redirects.ts). */
export interface RedirectsTable {
  id: string;
  from_path: string;
  /** A path of this site or an absolute http(s) URL. */
  to_target: string;
  status: number;
  /** 'staff' | 'import' | 'blog' (RedirectOrigin in shared/redirects.ts). */
  origin: string;
  hits: Generated<number>;
  last_hit_at: string | null;
  created_at: string;
  /** The staff account that made it; null for imports from the command line. */
  created_by: string | null;
}

/** One version number per content area, bumped by every write (migration 021). */
export interface ContentVersionsTable {
  area: string;
  version: number;
}

/** Which paths a content version's change touched (migration 235): JSON, `["*"]` for every page. */
export interface ContentChangesTable {
  area: string;
  version: number;
  paths: string;
}

/** The columns quotes and contacts share beside the visitor's fields (migration 001 creates them alike). */
export interface LeadStateColumns {
  id: string;
  status: string;
  /** Why it was stored as spam on arrival (`honeypot`, `too-fast`); cleared when staff mark it not spam. */
  spam_reason: string | null;
  client_ip: string | null;
  created_at: string;
  submitted_at: string | null;
}

/** How staff work a lead, beside what the visitor sent; a new lead starts with none of it (migration 210). */
export interface LeadWorkColumns {
  /** The staff account that owns the lead, null while nobody does. */
  assigned_to: Generated<string | null>;
  /** Won: its value in whole AUD (migration 211); null otherwise. */
  won_value: Generated<number | null>;
  /** Lost: why, one of LOST_REASONS (shared/admin.ts); null otherwise. */
  lost_reason: Generated<string | null>;
  /** The day to follow the lead up, YYYY-MM-DD in the company's time zone, and why (migration 212). */
  follow_up_on: Generated<string | null>;
  follow_up_note: Generated<string | null>;
}

/** A quote's columns: the catalogue's fields by their `column` (shared/lead-fields.ts), and the service's answers as JSON. */
export type QuotesTable = LeadStateColumns & LeadWorkColumns & FieldColumns<typeof QUOTE_COLUMN_FIELDS> & { details: string };

/** A contact message's columns: the catalogue's fields by their `column`. */
export type ContactsTable = LeadStateColumns & LeadWorkColumns & FieldColumns<typeof CONTACT_FIELDS>;

/** Staff notes on a lead, append-only (migration 090): who wrote what, when. */
export interface LeadNotesTable {
  id: string;
  lead_type: string;
  lead_id: string;
  author_id: string | null;
  /** The author's e-mail when written; null for notes carried over from before the history. */
  author: string | null;
  /** Empty for a status change. */
  body: string;
  /** A status change: the status before and after (migration 155); null for a note. */
  status_from: string | null;
  status_to: string | null;
  /** An assignment (`assigned`, `unassigned`, `released` by a deactivation) and the assignee's name then (migration 210). */
  assignment: Generated<string | null>;
  assignee: Generated<string | null>;
  created_at: string;
}

/** A reply staff sent the visitor from the lead's page (migration 210); its delivery is the outbox row's. */
export interface LeadRepliesTable {
  id: string;
  lead_type: string;
  lead_id: string;
  author_id: string | null;
  /** The sender's e-mail when sent. */
  author: string;
  subject: string;
  body: string;
  /** The e-mail's Message-ID, which a later reply names in In-Reply-To and References. */
  message_id: string;
  outbox_id: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  totp_secret: string | null;
  recovery_codes: string | null;
  /** The last TOTP time step accepted, so a code cannot be used twice (migration 031). */
  totp_last_step: number | null;
  created_at: string;
  updated_at: string;
  /** Set while the account is deactivated: it cannot sign in (migration 070). */
  deactivated_at: string | null;
  last_sign_in_at: string | null;
  /** One of ROLES in shared/roles.ts (migration 130; defaults to administrator). */
  role: Generated<string>;
  /** 1 when they asked for the weekly analytics e-mail (migration 150). */
  weekly_summary: Generated<number>;
  /** 1 when they asked for the morning e-mail of their follow-ups due (migration 212). */
  follow_up_email: Generated<number>;
}

export interface SessionsTable {
  sid: string;
  user_id: string | null;
  data: string;
  expires_at: string;
  created_at: string;
}

/** The off-site backup's jobs (db/migrations/2026-11-27-200-backup-jobs.ts). */
export interface BackupJobsTable {
  job: string;
  due_at: string;
  lease_token: string | null;
  lease_until: string | null;
  last_success_at: string | null;
  last_snapshot: string | null;
  failures: Generated<number>;
  last_failure_at: string | null;
  last_error: string | null;
}

export interface OutboxTable {
  id: string;
  kind: string;
  lead_type: string;
  lead_id: string;
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  claim_token: string | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  user_id: string | null;
  actor: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  created_at: string;
}

export interface CaptchaSolutionsTable {
  key: string;
  expires_at: string;
}

export interface SignInAttemptsTable {
  id: string;
  /** `account:…`, `ip:…`, `device:…`, `reauth:…` or `passkey:…` (server/staff/throttle.ts). */
  bucket: string;
  created_at: string;
}

/** One row, rewritten by each readiness check. */
export interface ReadinessProbeTable {
  id: number;
  checked_at: string;
}

export interface IdempotencyKeysTable {
  /** The function the key was sent to (`submitContact`, `submitQuote`). */
  scope: string;
  key: string;
  lead_id: string;
  expires_at: string;
  /** SHA-256 (hex) of the submission first sent with the key; null for keys stored before migration 110. */
  body_hash: string | null;
}

/** An invitation to a staff account: only the SHA-256 of its one-time token is stored; used ones are deleted. */
export interface StaffInvitationsTable {
  id: string;
  email: string;
  name: string;
  token_hash: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  /** The role the person will have (migration 130; defaults to administrator). */
  role: Generated<string>;
  /** When the invitee set their password (migration 156); the invitation is then spent. */
  accepted_at: string | null;
  /** The link's token, sealed with the outbox key, for "Copy link"; cleared on acceptance. */
  token_sealed: string | null;
}

/** An uploaded image (migration 080); its stored copies are `image_variants`. */
export interface ImagesTable {
  id: string;
  file_name: string;
  format: string;
  width: number;
  height: number;
  /** Size of the uploaded file. */
  bytes: number;
  uploaded_by: string | null;
  created_at: string;
  /** Offered wherever the image is put in a post (migration 160). */
  alt_text: Generated<string>;
  /** What its stored copies take together. */
  stored_bytes: Generated<number>;
  /** Since when no post or setting uses it; null while one does. The retention job deletes it UNUSED_IMAGE_DAYS later. */
  unused_since: string | null;
}

/**
 * Where an image is used (migration 160): a post's text (`post`, its id, `body`), its featured image (`featured`)
 * or a settings document (`settings`, its key, `settings`). Rewritten by every write of a post or a settings document.
 */
export interface ImageUsesTable {
  image_id: string;
  source: 'post' | 'settings';
  source_id: string;
  place: 'body' | 'featured' | 'settings';
}

export interface ImageVariantsTable {
  image_id: string;
  width: number;
  /** `webp` or the original's format. */
  format: string;
  content_type: string;
  data: Uint8Array;
}

/** What one save of a post stored (migration 081). */
export interface BlogRevisionsTable extends PostContentColumns {
  id: string;
  blog_id: string;
  /** The staff member who saved, or null for the system (scripts, demo content). */
  user_id: string | null;
  created_at: string;
  /** The post's publishing state as saved (0/1 and when); null for versions saved before migration 170. */
  published: number | null;
  published_at: string | null;
  /** What kind of change the save was (`RevisionKind` in shared/revisions.ts); null before migration 170. */
  change_kind: string | null;
  /** The fields the save changed, comma-separated (`PostField`); null before migration 170. */
  changed: string | null;
  /** For a restore: when the version it brought back had been saved. */
  restored_from: string | null;
}

/**
 * A link that shows one post's preview, or one page's or service's draft, to whoever holds it (migrations 170 and
 * 236): exactly one of `blog_id` and `words_key` is set; only its token's SHA-256 is kept.
 */
export interface PreviewLinksTable {
  id: string;
  blog_id: string | null;
  words_key: string | null;
  token_hash: string;
  /** The staff member who made it. */
  created_by: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** The editor's form as one person left it (migration 081); `form` is JSON. */
export interface BlogAutosavesTable {
  key: string;
  user_id: string;
  blog_id: string | null;
  form: string;
  saved_at: string;
}

/** A built-in page's or a service's words (migration 220): JSON documents; null published means today's words. */
export interface SiteWordsTable {
  key: string;
  published: string | null;
  published_at: string | null;
  draft: string | null;
  draft_saved_at: string | null;
  /** When the draft becomes the published words (a scheduled publish); null for none. */
  scheduled_at: string | null;
  /** Counts saves: a save names the version it started from, and one from an older version is refused. */
  version: number;
  updated_at: string;
}

/** One save of a page's words (migration 220): `kind` is `WordsChangeKind` in shared/site-words.ts. */
export interface SiteWordsRevisionsTable {
  id: string;
  key: string;
  words: string;
  kind: string;
  user_id: string | null;
  created_at: string;
}

/** The site settings as one JSON document per key (migration 100); no row means the defaults in code. */
export interface SiteSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/** A published post's sharing image (migration 101); `drawn_from` identifies the title it shows. */
export interface PostSharingImagesTable {
  post_id: string;
  drawn_from: string;
  png: Uint8Array;
  created_at: string;
}

/** A staff member's passkey (migration 140): a WebAuthn credential, keyed by its id in base64url. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** The credential's COSE public key. */
  public_key: Uint8Array;
  /** The signature counter last reported; a bigint column, which PostgreSQL hands back as text. */
  counter: number | string;
  /** JSON array of the transports the authenticator named (`internal`, `hybrid`, `usb`, …). */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** Visit counting and lead attribution (migration 150, docs/product.md#analytics); '' stands for "none". */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}

/** Where a visit came from; the same columns on a visit, a day's source counts and a lead's attribution. */
export interface VisitSourceColumns {
  channel: string;
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
}

export interface AnalyticsVisitsTable extends VisitSourceColumns {
  day: string;
  visitor: string;
  landing_path: string;
  /** 0 when any of its requests carried Global Privacy Control: counted, never linked to a lead. */
  linkable: number;
  views: number;
  started_at: string;
  last_seen_at: string;
}

export interface AnalyticsVisitPagesTable {
  day: string;
  visitor: string;
  path: string;
  views: number;
  first_seen_at: string;
}

export interface AnalyticsDaysTable {
  day: string;
  visitors: number;
  views: number;
}

export interface AnalyticsPageDaysTable {
  day: string;
  path: string;
  visitors: number;
  views: number;
  /** Visits that began on this page. */
  entries: number;
}

export interface AnalyticsSourceDaysTable extends VisitSourceColumns {
  day: string;
  visits: number;
}

export interface AnalyticsEventDaysTable {
  day: string;
  event: string;
  /** Visitors of the day who reached this step. */
  count: number;
}

/** Which funnel steps each visitor of the day reached; kept for the day only. */
export interface AnalyticsVisitEventsTable {
  day: string;
  visitor: string;
  event: string;
}

export interface LeadAttributionsTable extends VisitSourceColumns {
  lead_type: string;
  lead_id: string;
  day: string;
  landing_path: string;
  pages_viewed: number;
  seconds_to_lead: number;
  /** The visit's visitor hash (its salt is gone with the day); null for leads linked before it was kept. */
  visitor: string | null;
}

export interface LeadAttributionPagesTable {
  lead_type: string;
  lead_id: string;
  position: number;
  path: string;
}

/** A named message staff reuse in the Reply form (migration 213). */
export interface SavedRepliesTable {
  id: string;
  name: string;
  body: string;
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

/** The days a person's follow-ups e-mail was queued (migration 212): one a day, whatever the instances. */
export interface FollowUpEmailsSentTable {
  day: string;
  user_id: string;
}

export interface AnalyticsSummariesSentTable {
  /** The Monday of the week the e-mail covers. */
  week: string;
  user_id: string;
}

/** One import (migration 245): `summary` is the dry run's, then the report's, as JSON (`ImportSummary`). */
export interface ImportsTable {
  id: string;
  kind: string;
  state: string;
  done: Generated<number>;
  total: Generated<number>;
  summary: string;
  error: string | null;
  created_by: string | null;
  created_at: string;
  /**
   * Its last step: a running import that has not moved for long was stopped (a restart) and no longer blocks another;
   * a requested one, when it was asked for.
   */
  updated_at: string;
  finished_at: string | null;
  /** Who chose "Import" on an instance that does not hold the files (migration 246): the holder runs it as them. */
  requested_by: string | null;
  requested_email: string | null;
  requested_ip: string | null;
}

/** A post (`post`, its id), page (`page`, its words key) or image (`image`, from this site's archive) an import made, by the old site (`source`) and its id there. */
export interface ImportedItemsTable {
  source: string;
  source_id: string;
  target: string;
  target_id: string;
  import_id: string;
}

export interface Database {
  readiness_probe: ReadinessProbeTable;
  blogs: BlogsTable;
  blog_redirects: BlogRedirectsTable;
  redirects: RedirectsTable;
  blog_tags: BlogTagsTable;
  content_versions: ContentVersionsTable;
  content_changes: ContentChangesTable;
  quotes: QuotesTable;
  contacts: ContactsTable;
  lead_notes: LeadNotesTable;
  lead_replies: LeadRepliesTable;
  users: UsersTable;
  sessions: SessionsTable;
  outbox: OutboxTable;
  backup_jobs: BackupJobsTable;
  audit_log: AuditLogTable;
  sign_in_attempts: SignInAttemptsTable;
  captcha_solutions: CaptchaSolutionsTable;
  idempotency_keys: IdempotencyKeysTable;
  staff_invitations: StaffInvitationsTable;
  images: ImagesTable;
  image_variants: ImageVariantsTable;
  image_uses: ImageUsesTable;
  blog_revisions: BlogRevisionsTable;
  preview_links: PreviewLinksTable;
  blog_autosaves: BlogAutosavesTable;
  site_settings: SiteSettingsTable;
  site_words: SiteWordsTable;
  site_words_revisions: SiteWordsRevisionsTable;
  post_sharing_images: PostSharingImagesTable;
  passkeys: PasskeysTable;
  analytics_salts: AnalyticsSaltsTable;
  analytics_visits: AnalyticsVisitsTable;
  analytics_visit_pages: AnalyticsVisitPagesTable;
  analytics_days: AnalyticsDaysTable;
  analytics_page_days: AnalyticsPageDaysTable;
  analytics_source_days: AnalyticsSourceDaysTable;
  analytics_event_days: AnalyticsEventDaysTable;
  analytics_visit_events: AnalyticsVisitEventsTable;
  lead_attributions: LeadAttributionsTable;
  lead_attribution_pages: LeadAttributionPagesTable;
  analytics_summaries_sent: AnalyticsSummariesSentTable;
  follow_up_emails_sent: FollowUpEmailsSentTable;
  saved_replies: SavedRepliesTable;
  imports: ImportsTable;
  imported_items: ImportedItemsTable;
}

export type BlogRow = Selectable<BlogsTable>;
export type NewBlogRow = Insertable<BlogsTable>;
export type BlogRowUpdate = Updateable<BlogsTable>;
export type QuoteRow = Selectable<QuotesTable>;
export type NewQuoteRow = Insertable<QuotesTable>;
export type ContactRow = Selectable<ContactsTable>;
export type NewContactRow = Insertable<ContactsTable>;
export type UserRow = Selectable<UsersTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type AuditRow = Selectable<AuditLogTable>;

import type { Migration } from 'kysely/migration';
import * as initial from './2026-11-22-001-initial.ts';
import * as blogSearch from './2026-11-22-020-blog-search.ts';
import * as contentVersions from './2026-11-22-021-content-versions.ts';
import * as adminIndexes from './2026-11-22-030-admin-indexes.ts';
import * as totpLastStep from './2026-11-22-031-totp-last-step.ts';
import * as outboxClaims from './2026-11-23-040-outbox-claims.ts';
import * as readinessProbe from './2026-11-23-045-readiness-probe.ts';
import * as signInAttempts from './2026-11-23-050-sign-in-attempts.ts';
import * as hashedSessionIds from './2026-11-23-051-hashed-session-ids.ts';
import { type TotpSealing, encryptedTotpSecrets } from './2026-11-23-052-encrypted-totp-secrets.ts';
import * as idempotencyKeys from './2026-11-23-060-idempotency-keys.ts';
import * as idempotencyBodyHash from './2026-11-25-110-idempotency-body-hash.ts';
import * as blogTags from './2026-11-25-120-blog-tags.ts';
import * as staffRoles from './2026-11-26-130-staff-roles.ts';
import * as passkeys from './2026-11-26-140-passkeys.ts';
import * as analytics from './2026-11-26-150-analytics.ts';
import * as leadStatusHistory from './2026-11-26-155-lead-status-history.ts';
import * as invitationState from './2026-11-26-156-invitation-state.ts';
import * as mediaLibrary from './2026-11-26-160-media-library.ts';
import * as postPreviews from './2026-11-26-170-post-previews-and-revision-changes.ts';
import * as analyticsDistinctSteps from './2026-11-26-180-analytics-distinct-steps.ts';
import * as publishDateFixed from './2026-11-27-190-publish-date-fixed.ts';
import * as backupJobs from './2026-11-27-200-backup-jobs.ts';
import * as leadAssignmentAndReplies from './2026-11-27-210-lead-assignment-and-replies.ts';
import * as leadOutcomes from './2026-11-27-211-lead-outcomes.ts';
import * as leadFollowUps from './2026-11-27-212-lead-follow-ups.ts';
import * as savedReplies from './2026-11-27-213-saved-replies.ts';
import * as siteWords from './2026-11-27-220-site-words.ts';
import * as contentChanges from './2026-11-27-235-content-changes.ts';
import * as previewLinksForPages from './2026-11-27-236-preview-links-for-pages.ts';
import * as redirects from './2026-11-28-240-redirects.ts';
import * as imports from './2026-11-28-245-imports.ts';
import * as importRequests from './2026-11-28-246-import-requests.ts';
import * as staffAccounts from './2026-11-23-070-staff-accounts.ts';
import * as images from './2026-11-23-080-images.ts';
import * as postRevisions from './2026-11-23-081-post-revisions.ts';
import * as leadNotesAndSpamReason from './2026-11-23-090-lead-notes-and-spam-reason.ts';
import * as siteSettings from './2026-11-23-100-site-settings.ts';
import * as postSharingImages from './2026-11-23-101-post-sharing-images.ts';

/** What some migrations need from the server's configuration. */
export interface MigrationContext {
  totp?: TotpSealing;
}

/**
 * Every migration, in order. Listed by hand rather than read from the folder so the same list works from
 * source, from tests and from any bundle; add new files here with the next date prefix.
 */
export function migrationsFor(context: MigrationContext): Record<string, Migration> {
  return {
    '2026-11-22-001-initial': initial,
    '2026-11-22-020-blog-search': blogSearch,
    '2026-11-22-021-content-versions': contentVersions,
    '2026-11-22-030-admin-indexes': adminIndexes,
    '2026-11-22-031-totp-last-step': totpLastStep,
    '2026-11-23-040-outbox-claims': outboxClaims,
    '2026-11-23-045-readiness-probe': readinessProbe,
    '2026-11-23-050-sign-in-attempts': signInAttempts,
    '2026-11-23-051-hashed-session-ids': hashedSessionIds,
    '2026-11-23-052-encrypted-totp-secrets': encryptedTotpSecrets(context.totp),
    '2026-11-23-060-idempotency-keys': idempotencyKeys,
    '2026-11-23-070-staff-accounts': staffAccounts,
    '2026-11-23-080-images': images,
    '2026-11-23-081-post-revisions': postRevisions,
    '2026-11-23-090-lead-notes-and-spam-reason': leadNotesAndSpamReason,
    '2026-11-23-100-site-settings': siteSettings,
    '2026-11-23-101-post-sharing-images': postSharingImages,
    '2026-11-25-110-idempotency-body-hash': idempotencyBodyHash,
    '2026-11-25-120-blog-tags': blogTags,
    '2026-11-26-130-staff-roles': staffRoles,
    '2026-11-26-140-passkeys': passkeys,
    '2026-11-26-150-analytics': analytics,
    '2026-11-26-155-lead-status-history': leadStatusHistory,
    '2026-11-26-156-invitation-state': invitationState,
    '2026-11-26-160-media-library': mediaLibrary,
    '2026-11-26-170-post-previews-and-revision-changes': postPreviews,
    '2026-11-26-180-analytics-distinct-steps': analyticsDistinctSteps,
    '2026-11-27-190-publish-date-fixed': publishDateFixed,
    '2026-11-27-200-backup-jobs': backupJobs,
    '2026-11-27-210-lead-assignment-and-replies': leadAssignmentAndReplies,
    '2026-11-27-211-lead-outcomes': leadOutcomes,
    '2026-11-27-212-lead-follow-ups': leadFollowUps,
    '2026-11-27-213-saved-replies': savedReplies,
    '2026-11-27-220-site-words': siteWords,
    '2026-11-27-235-content-changes': contentChanges,
    '2026-11-27-236-preview-links-for-pages': previewLinksForPages,
    '2026-11-28-240-redirects': redirects,
    '2026-11-28-245-imports': imports,
    '2026-11-28-246-import-requests': importRequests,
  };
}

/** The migrations' names in order (their bodies need no context to be listed). */
export const migrations = migrationsFor({});

import type { RedirectService } from './redirects/redirect-service.ts';
import type { ImportService } from './import/import-service.ts';
import type { AdminPageService } from '../shared/admin.ts';
import type { SessionUser } from '../shared/staff.ts';
import { can } from '../shared/roles.ts';
import type { BlogService } from './blog/blog-service.ts';
import type { PreviewService } from './blog/post-previews.ts';
import { listedCreator } from './blog/post-access.ts';
import type { InboxService } from './inbox/inbox-service.ts';
import type { ImageService } from './media/image-service.ts';
import type { StaffService } from './staff/users.ts';
import type { AnalyticsReader } from './analytics/analytics-report.ts';
import type { Db } from '../db/database.ts';
import { weeklySummaryChosen } from '../db/queries/analytics-summaries.ts';
import { readRange } from '../shared/analytics.ts';
import type { OffsiteBackupStatus } from '../shared/admin.ts';

export interface AdminPageDeps {
  inbox: InboxService;
  blog: BlogService;
  staff: StaffService;
  analytics: AnalyticsReader;
  db: Db;
  previews: PreviewService;
  images: ImageService;
  backupStatus: () => Promise<OffsiteBackupStatus>;
  redirects: Pick<RedirectService, 'list'>;
  imports: Pick<ImportService, 'last'>;
}

const writer = (viewer: SessionUser) => ({ userId: viewer.id, role: viewer.role });

/** What the admin pages' `+data.ts` files may read (through `pageContext.services.admin`). */
export function createAdminPageService({
  inbox,
  blog,
  staff,
  analytics,
  db,
  previews,
  images,
  backupStatus,
  redirects,
  imports,
}: AdminPageDeps): AdminPageService {
  return {
    // Each part is read only for a person who may see it: what a role may not see never reaches the page.
    dashboard: async (viewer) => {
      const [leads, counts, awaitingReview, visits, backup] = await Promise.all([
        can(viewer.role, 'leads.view') ? inbox.dashboard(viewer.id) : null,
        can(viewer.role, 'posts.write') ? blog.countPosts() : null,
        can(viewer.role, 'posts.publish') ? blog.awaitingReview() : null,
        can(viewer.role, 'analytics.view') ? analytics.summary(can(viewer.role, 'leads.view')) : null,
        // The Owner answers for the site's data (docs/product.md#dashboard): only the Owner holds ownership.transfer.
        can(viewer.role, 'ownership.transfer') ? backupStatus() : null,
      ]);
      return { leads, posts: counts && { counts, awaitingReview }, analytics: visits, backup };
    },
    leads: (filter, cursor) => inbox.list(filter, cursor),
    lead: (type, id) => inbox.get(type, id),
    assignableStaff: () => inbox.assignableStaff(),
    audit: (query) => inbox.auditPage(query),
    staff: () => staff.overview(),
    person: (id, viewerCsrf) => staff.person(id, viewerCsrf),
    invitation: (token) => staff.invitation(token),
    account: (userId) => staff.accountInfo(userId),
    posts: (viewer, cursor) => blog.listAllPosts({ cursor: cursor ?? null, createdBy: listedCreator(writer(viewer)) }),
    preview: (id, viewer) => previews.staffPreview(id, writer(viewer)),
    shareLinks: (id, viewer) => previews.links(id, writer(viewer)),
    editor: (id, viewer) => blog.editorState(id, writer(viewer)),
    analytics: async (viewer, search) => {
      const today = analytics.today();
      const range = readRange(search, today);
      return { today, report: range && (await analytics.report(range, can(viewer.role, 'leads.view'))) };
    },
    postFigures: async (viewer, slugs) =>
      can(viewer.role, 'analytics.view') ? Object.fromEntries(await analytics.postFigures(slugs, can(viewer.role, 'leads.view'))) : null,
    leadSource: (type, id) => analytics.leadSource(type, id),
    weeklySummary: (userId) => weeklySummaryChosen(db, userId),
    followUpEmail: (userId) => inbox.followUpEmailChosen(userId),
    savedReplies: () => inbox.savedReplies(),
    redirects: () => redirects.list(),
    lastImport: () => imports.last(),
    media: (viewer, query) => images.library(query, writer(viewer)),
  };
}

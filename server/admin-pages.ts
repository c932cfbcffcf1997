import type { AdminPageService } from '../shared/admin.ts';
import type { SessionUser } from '../shared/staff.ts';
import { can } from '../shared/roles.ts';
import type { BlogService } from './blog/blog-service.ts';
import { listedCreator } from './blog/post-access.ts';
import type { InboxService } from './inbox/inbox-service.ts';
import type { ImageService } from './media/image-service.ts';
import type { StaffService } from './staff/users.ts';

export interface AdminPageDeps {
  inbox: InboxService;
  blog: BlogService;
  staff: StaffService;
  images: ImageService;
}

const writer = (viewer: SessionUser) => ({ userId: viewer.id, role: viewer.role });

/** What the admin pages' `+data.ts` files may read (through `pageContext.services.admin`). */
export function createAdminPageService({ inbox, blog, staff, images }: AdminPageDeps): AdminPageService {
  return {
    // Each part is read only for a person who may see it: what a role may not see never reaches the page.
    dashboard: async (viewer) => {
      const [leads, counts, awaitingReview] = await Promise.all([
        can(viewer.role, 'leads.view') ? inbox.dashboard() : null,
        can(viewer.role, 'posts.write') ? blog.countPosts() : null,
        can(viewer.role, 'posts.publish') ? blog.awaitingReview() : null,
      ]);
      return { leads, posts: counts && { counts, awaitingReview } };
    },
    leads: (filter, cursor) => inbox.list(filter, cursor),
    lead: (type, id) => inbox.get(type, id),
    audit: (query) => inbox.auditPage(query),
    staff: () => staff.overview(),
    person: (id) => staff.person(id),
    invitation: (token) => staff.invitation(token),
    account: (userId) => staff.accountInfo(userId),
    posts: (viewer, cursor) => blog.listAllPosts({ cursor: cursor ?? null, createdBy: listedCreator(writer(viewer)) }),
    post: async (id, viewer) => (await blog.editorState(id, writer(viewer)))?.post ?? null,
    editor: (id, viewer) => blog.editorState(id, writer(viewer)),
    media: (query) => images.library(query),
  };
}

import type { AdminPageService } from '../shared/admin.ts';
import type { BlogService } from './blog/blog-service.ts';
import type { InboxService } from './inbox/inbox-service.ts';
import type { StaffService } from './staff/users.ts';

export interface AdminPageDeps {
  inbox: InboxService;
  blog: BlogService;
  staff: StaffService;
}

/** What the admin pages' `+data.ts` files may read (through `pageContext.services.admin`). */
export function createAdminPageService({ inbox, blog, staff }: AdminPageDeps): AdminPageService {
  return {
    dashboard: () => inbox.dashboard(),
    leads: (filter, cursor) => inbox.list(filter, cursor),
    lead: (type, id) => inbox.get(type, id),
    audit: (query) => inbox.auditPage(query),
    staff: () => staff.overview(),
    person: (id) => staff.person(id),
    invitation: (token) => staff.invitation(token),
    account: (userId) => staff.accountInfo(userId),
    posts: (cursor) => blog.listAllPosts({ cursor: cursor ?? null }),
    post: (id) => blog.getPostById(id),
    editor: (id, userId) => blog.editorState(id, userId),
  };
}

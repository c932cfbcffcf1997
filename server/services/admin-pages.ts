import type { Db } from '../../db/database.ts';
import type { AdminPageService } from '../../shared/admin.ts';
import type { Config } from '../config.ts';
import { getLead, listLeads } from './admin-leads.ts';
import { listAuditPage } from './audit.ts';
import type { BlogService } from './blog.ts';
import { getDashboard } from './dashboard.ts';
import { getAccountInfo } from './users.ts';

/** What the admin pages' `+data.ts` files may read (through `pageContext.services.admin`). */
export function createAdminPageService(db: Db, config: Config, blog: BlogService): AdminPageService {
  return {
    dashboard: () => getDashboard(db, config.TIME_ZONE, () => blog.countPosts()),
    leads: (filter, cursor) => listLeads(db, filter, cursor, config.TIME_ZONE),
    lead: (type, id) => getLead(db, type, id),
    audit: (cursor) => listAuditPage(db, cursor),
    account: (userId) => getAccountInfo(db, userId, config.REQUIRE_2FA),
    posts: (cursor) => blog.listAllPosts({ cursor: cursor ?? null }),
    post: (id) => blog.getPostById(id),
  };
}

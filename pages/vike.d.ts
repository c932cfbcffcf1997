import type { SitePageContext } from '../shared/page-context.ts';

declare global {
  namespace Vike {
    // Declaration merging: Vike's own PageContext gains what the server hands every render.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface PageContext extends SitePageContext {}
    /** Custom settings of pages/+config.ts `meta`. */
    interface Config {
      /** False: an admin page drawn in the public site's frame (pages/admin/ui/AdminLayout.tsx). */
      adminFrame?: boolean;
    }
  }
}

export {};

import type { SitePageContext } from '../shared/page-context.ts';

declare global {
  namespace Vike {
    // Declaration merging: Vike's own PageContext gains what the server hands every render.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface PageContext extends SitePageContext {}
  }
}

export {};

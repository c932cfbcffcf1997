import type { SiteSettings } from '../shared/company.ts';
import type { PageServices, SessionUser } from '../shared/page-context.ts';

declare global {
  namespace Vike {
    interface PageContext {
      user: SessionUser | null;
      csrfToken: string | null;
      siteUrl: string;
      timeZone: string;
      settings: SiteSettings;
      services: PageServices;
    }
  }
}

export {};

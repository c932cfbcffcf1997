import type { PageContextServer } from 'vike/types';
import type { PublicCaptchaConfig } from '../../../shared/page-context.ts';

export interface LeadFormData {
  captcha: PublicCaptchaConfig;
  /** Sent back here after posting the form without JavaScript (server/leads/no-script-forms.ts). */
  wasPostedWithoutScript: boolean;
}

/** The spam check's public settings, from the server's configuration. */
export function leadFormData(pageContext: PageContextServer): LeadFormData {
  return { captcha: pageContext.services.captcha, wasPostedWithoutScript: pageContext.urlParsed.search.script === 'required' };
}

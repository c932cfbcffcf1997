import type { PageContextServer } from 'vike/types';
import type { PublicCaptchaConfig } from '../../shared/page-context.ts';

export interface LeadFormData {
  captcha: PublicCaptchaConfig;
}

/** The spam check's public settings, from the server's configuration. */
export function data(pageContext: PageContextServer): LeadFormData {
  return { captcha: pageContext.services.captcha };
}

import type { Config } from 'vike/types';
import vikeReact from 'vike-react/config';

export default {
  extends: [vikeReact],
  lang: 'en-AU',
  // Every navigation is a full page load: content pages ship no JavaScript, so there is no client router to keep.
  clientRouting: false,
  passToClient: ['user', 'csrfToken', 'siteUrl', 'timeZone'],
} satisfies Config;

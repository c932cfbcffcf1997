import type { Config } from 'vike/types';
import vikeReact from 'vike-react/config';

export default {
  extends: [vikeReact],
  lang: 'en-AU',
  // Every navigation is a full page load: content pages ship no JavaScript, so there is no client router to keep.
  clientRouting: false,
  // urlPathname: the header and Seo read it, and server routing does not send it to hydrating pages by itself.
  // settings: the header and footer of a hydrating page show the company's details (content pages ship nothing).
  // serviceLabels, navigation: their header, footer and quote form show the services' names and the links staff last published.
  passToClient: ['user', 'csrfToken', 'siteUrl', 'timeZone', 'urlPathname', 'settings', 'serviceLabels', 'navigation'],
  // The admin has no page of its own at /admin: its home is the dashboard (signed out, the guard then asks to sign in).
  redirects: { '/admin': '/admin/dashboard' },
  meta: {
    // An admin page that shows the public site as visitors will see it (a post's preview) sets this false: the
    // admin's layout then gives it the site's frame instead of its own (vike-react's layouts add up, so the admin
    // layout cannot simply be left out).
    adminFrame: { env: { server: true, client: true } },
  },
} satisfies Config;

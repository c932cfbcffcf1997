import type { PageContextServer } from 'vike/types';
import { SITE_TEXT } from '../../../shared/messages.ts';
import { SERVICE_IDS } from '../../../shared/services.ts';
import { NAVIGATION_KEY, PAGE_KEYS, PAGE_NAMES, PAGE_PATHS, type WordsEditorState } from '../../../shared/site-words.ts';
import type { LinkSuggestion } from '../site-pages/@key/WordsFields.tsx';

export interface NavigationData {
  state: WordsEditorState;
  suggestions: LinkSuggestion[];
}

/** The navigation's form, and where its links can go: the site's pages, the blog, each service, the pages staff made. */
export async function data(pageContext: PageContextServer): Promise<NavigationData> {
  const { name } = pageContext.settings;
  const user = pageContext.user!;
  const [state, words] = await Promise.all([
    pageContext.services.words.editorState(NAVIGATION_KEY, name, { userId: user.id, email: user.email, ip: null }),
    pageContext.services.words.current(name),
  ]);
  const suggestions: LinkSuggestion[] = [
    ...PAGE_KEYS.map((key) => ({ label: PAGE_NAMES[key], href: PAGE_PATHS[key] })),
    { label: SITE_TEXT.nav.blog, href: '/blog' },
    ...SERVICE_IDS.map((id) => ({ label: words.services[id].name, href: `/services?service=${id}` })),
    ...words.customPages.map((page) => ({ label: page.title, href: `/${page.address}` })),
  ];
  return { state, suggestions };
}

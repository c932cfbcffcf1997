import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { EditorData } from '../PostEditor.tsx';

export async function data(pageContext: PageContextServer): Promise<EditorData> {
  const post = await pageContext.services.admin.post(pageContext.routeParams.id!);
  if (!post) {
    throw render(404, { title: 'Post not found', message: 'This post does not exist or was deleted.', backHref: '/admin/blog', backLabel: 'Back to the posts' });
  }
  return { post, defaultAuthor: pageContext.user!.name, now: new Date().toISOString() };
}

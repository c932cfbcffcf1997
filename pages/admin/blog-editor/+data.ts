import type { PageContextServer } from 'vike/types';
import type { EditorData } from './PostEditor.tsx';

export function data(pageContext: PageContextServer): EditorData {
  return { post: null, defaultAuthor: pageContext.user!.name, now: new Date().toISOString() };
}

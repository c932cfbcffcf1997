import type { BlogSummary } from '../../../shared/blog.ts';

export type PostStatus = 'Published' | 'Scheduled' | 'Draft';

/** A post is public once it is published and its publish date has passed; before that it is scheduled. */
export function postStatus(post: Pick<BlogSummary, 'published' | 'publishedAt'>, now: number): PostStatus {
  if (!post.published) return 'Draft';
  return Date.parse(post.publishedAt) > now ? 'Scheduled' : 'Published';
}

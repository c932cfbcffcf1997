import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { formatLongDate } from '../../../../shared/dates.ts';
import { responsiveImage } from '../../../../shared/images.ts';
import { FEATURED_IMAGE_SIZE, PostMeta } from '../../../(site)/blog/PostMeta.tsx';
import { AdminShell } from '../../ui/AdminShell.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { featuredImageAlt, postStatus } from '../../../../shared/blog.ts';
import type { PreviewData } from './+data.ts';
import { ADMIN_MESSAGES, POSTS_TEXT } from '../../../../shared/messages.ts';

/** A post as it will look once public, with a banner saying it is not public yet. */
export default function PreviewPage() {
  const { post, now } = useData<PreviewData>();
  const { timeZone } = usePageContext();
  const status = postStatus(post, now);
  return (
    <AdminShell title={POSTS_TEXT.previewTitle(post.title)}>
      <p className="notice notice-warning">
        {status === 'Draft'
          ? ADMIN_MESSAGES.previewDraft
          : status === 'Scheduled'
            ? ADMIN_MESSAGES.previewScheduled(formatDateTime(post.publishedAt, timeZone))
            : ADMIN_MESSAGES.previewPublic}{' '}
        <a href={`/admin/blog-editor/${post.id}`}>{POSTS_TEXT.editThisPost}</a>
      </p>
      <article className="post preview">
        <PostMeta post={post} date={formatLongDate(post.publishedAt, timeZone)} />
        {post.featuredImage && <img className="post-image" {...responsiveImage(post.featuredImage, 'post')} alt={featuredImageAlt(post)} {...FEATURED_IMAGE_SIZE} />}
        <div className="prose post-content" dangerouslySetInnerHTML={{ __html: post.content }} />
      </article>
    </AdminShell>
  );
}

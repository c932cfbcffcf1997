import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { AdminShell } from '../ui/AdminShell.tsx';
import { AdminTable } from '../ui/AdminTable.tsx';
import { adminApi, errorMessage } from '../../../components/request.ts';
import { ConfirmButton } from '../ui/ConfirmButton.tsx';
import { type Notice, NoticeBox } from '../ui/Notice.tsx';
import { formatDateTime } from '../ui/format.ts';
import { postStatus } from '../../../shared/blog.ts';
import { POST_STATUS_LABELS } from '../../../shared/admin-messages.ts';
import { ADMIN_TEXT, POSTS_TEXT } from '../../../shared/admin-texts.ts';
import { can } from '../../../shared/roles.ts';
import type { AdminBlogData } from './+data.ts';
import type { AdminPostSummary } from '../../../shared/blog.ts';
import { ANALYTICS_TEXT } from '../../../shared/analytics.ts';
import { formatWholeNumber } from '../../../shared/numbers.ts';

type Row = { post: AdminPostSummary };

/**
 * Every post, drafts and scheduled ones included, newest publish date first. An Author sees only their own posts
 * and edits only their drafts; only those who may publish can delete (docs/product.md#roles).
 */
export default function AdminBlogPage() {
  const { posts: initial, nextCursor, now, figures } = useData<AdminBlogData>();
  const { csrfToken, timeZone, urlParsed, user } = usePageContext();
  const role = user?.role ?? 'author';
  const mayEdit = (published: boolean) => can(role, 'posts.edit-any') || !published;
  const [posts, setPosts] = useState(initial);
  const leadsShown = figures !== null && Object.values(figures).some((f) => f.leads !== null);
  const [message, setMessage] = useState<Notice>(null);
  return (
    <AdminShell
      title={POSTS_TEXT.title}
      actions={
        <a href="/admin/blog-editor" className="button button-primary">
          {POSTS_TEXT.newPost}
        </a>
      }
    >
      <NoticeBox notice={message} />
      <AdminTable
        label={POSTS_TEXT.title}
        caption={POSTS_TEXT.title}
        rows={posts.map((post) => ({ post, status: postStatus(post, now) }))}
        rowKey={(r) => r.post.id}
        empty={<p>{POSTS_TEXT.empty}</p>}
        columns={[
          {
            header: POSTS_TEXT.postTitle,
            cell: ({ post }) => (
              <>
                {mayEdit(post.published) ? <a href={`/admin/blog-editor/${post.id}`}>{post.title}</a> : post.title}
                <div className="muted small">/blog/{post.slug}</div>
              </>
            ),
          },
          {
            header: ADMIN_TEXT.status,
            cell: ({ post, status }) => (
              <>
                <span className={`badge badge-${status.toLowerCase()}`}>{POST_STATUS_LABELS[status]}</span>
                {post.reviewRequestedAt && !post.published && (
                  <>
                    {' '}
                    <span className="badge badge-review">{POSTS_TEXT.reviewBadge}</span>
                  </>
                )}
              </>
            ),
          },
          { header: POSTS_TEXT.publishDate, cell: ({ post }) => formatDateTime(post.publishedAt, timeZone) },
          // Views and leads over 30 days, for those who may see analytics (leads: those who may see leads).
          ...(figures
            ? [{ header: ANALYTICS_TEXT.views30, cell: ({ post }: Row) => formatWholeNumber(figures[post.slug]?.views ?? 0) }]
            : []),
          ...(leadsShown
            ? [{ header: ANALYTICS_TEXT.leads30, cell: ({ post }: Row) => formatWholeNumber(figures?.[post.slug]?.leads ?? 0) }]
            : []),
          {
            header: POSTS_TEXT.actions,
            cell: ({ post, status }) => (
              <div className="button-row">
                {mayEdit(post.published) && (
                  <a href={`/admin/blog-editor/${post.id}`} aria-label={POSTS_TEXT.actionOn(POSTS_TEXT.edit, post.title)}>
                    {POSTS_TEXT.edit}
                  </a>
                )}
                <a
                  href={status === 'Published' ? `/blog/${post.slug}` : `/admin/preview/${post.id}`}
                  aria-label={POSTS_TEXT.actionOn(status === 'Published' ? POSTS_TEXT.view : POSTS_TEXT.preview, post.title)}
                >
                  {status === 'Published' ? POSTS_TEXT.view : POSTS_TEXT.preview}
                </a>
                {can(role, 'posts.publish') && (
                  <ConfirmButton
                    label={ADMIN_TEXT.delete}
                    question={POSTS_TEXT.deleteQuestion(post.title)}
                    confirmLabel={POSTS_TEXT.deleteConfirm}
                    onConfirm={async () => {
                      try {
                        await adminApi('DELETE', `/api/admin/posts/${post.id}`, csrfToken);
                        setPosts((list) => list.filter((p) => p.id !== post.id));
                        setMessage({ kind: 'success', text: POSTS_TEXT.deleted(post.title) });
                      } catch (err) {
                        setMessage({ kind: 'error', text: errorMessage(err) });
                      }
                    }}
                  />
                )}
              </div>
            ),
          },
        ]}
      />
      <nav aria-label={ADMIN_TEXT.pager} className="pager">
        {urlParsed.search.cursor && <a href="/admin/blog">{POSTS_TEXT.newest}</a>}
        {nextCursor && (
          <a href={`/admin/blog?cursor=${encodeURIComponent(nextCursor)}`} rel="next">
            {POSTS_TEXT.older}
          </a>
        )}
      </nav>
    </AdminShell>
  );
}

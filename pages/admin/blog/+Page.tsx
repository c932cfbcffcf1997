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
import type { AdminBlogData } from './+data.ts';

/** Every post, drafts and scheduled ones included, newest publish date first. */
export default function AdminBlogPage() {
  const { posts: initial, nextCursor, now } = useData<AdminBlogData>();
  const { csrfToken, timeZone, urlParsed } = usePageContext();
  const [posts, setPosts] = useState(initial);
  const [message, setMessage] = useState<Notice>(null);
  return (
    <AdminShell
      title="Blog posts"
      actions={
        <a href="/admin/blog-editor" className="button button-primary">
          New post
        </a>
      }
    >
      <NoticeBox notice={message} />
      <AdminTable
        label="Blog posts"
        caption="Blog posts"
        rows={posts.map((post) => ({ post, status: postStatus(post, now) }))}
        rowKey={(r) => r.post.id}
        empty={<p>No blog posts yet.</p>}
        columns={[
          {
            header: 'Title',
            cell: ({ post }) => (
              <>
                <a href={`/admin/blog-editor/${post.id}`}>{post.title}</a>
                <div className="muted small">/blog/{post.slug}</div>
              </>
            ),
          },
          { header: 'Status', cell: ({ status }) => <span className={`badge badge-${status.toLowerCase()}`}>{status}</span> },
          { header: 'Publish date', cell: ({ post }) => formatDateTime(post.publishedAt, timeZone) },
          {
            header: 'Actions',
            cell: ({ post, status }) => (
              <div className="button-row">
                <a href={`/admin/blog-editor/${post.id}`} aria-label={`Edit ${post.title}`}>
                  Edit
                </a>
                <a
                  href={status === 'Published' ? `/blog/${post.slug}` : `/admin/preview/${post.id}`}
                  aria-label={`${status === 'Published' ? 'View' : 'Preview'} ${post.title}`}
                >
                  {status === 'Published' ? 'View' : 'Preview'}
                </a>
                <ConfirmButton
                  label="Delete"
                  question={`Delete "${post.title}"? This cannot be undone.`}
                  confirmLabel="Yes, delete it"
                  onConfirm={async () => {
                    try {
                      await adminApi('DELETE', `/api/admin/posts/${post.id}`, csrfToken);
                      setPosts((list) => list.filter((p) => p.id !== post.id));
                      setMessage({ kind: 'success', text: `Deleted "${post.title}".` });
                    } catch (err) {
                      setMessage({ kind: 'error', text: errorMessage(err) });
                    }
                  }}
                />
              </div>
            ),
          },
        ]}
      />
      <nav aria-label="Pages" className="pager">
        {urlParsed.search.cursor && <a href="/admin/blog">Newest posts</a>}
        {nextCursor && (
          <a href={`/admin/blog?cursor=${encodeURIComponent(nextCursor)}`} rel="next">
            Older posts
          </a>
        )}
      </nav>
    </AdminShell>
  );
}

import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { AdminShell } from '../ui/AdminShell.tsx';
import { TableScroll } from '../ui/TableScroll.tsx';
import { adminApi, errorMessage } from '../../../components/request.ts';
import { ConfirmButton } from '../ui/ConfirmButton.tsx';
import { formatDateTime } from '../ui/format.ts';
import { postStatus } from '../../../shared/blog.ts';
import type { AdminBlogData } from './+data.ts';

/** Every post, drafts and scheduled ones included, newest publish date first. */
export default function AdminBlogPage() {
  const { posts: initial, nextCursor, now } = useData<AdminBlogData>();
  const { csrfToken, timeZone, urlParsed } = usePageContext();
  const [posts, setPosts] = useState(initial);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  return (
    <AdminShell
      title="Blog posts"
      actions={
        <a href="/admin/blog-editor" className="button button-primary">
          New post
        </a>
      }
    >
      <div role={message?.kind === 'error' ? 'alert' : 'status'} className={message ? `notice notice-${message.kind}` : undefined}>
        {message?.text}
      </div>
      {posts.length === 0 ? (
        <p>No blog posts yet.</p>
      ) : (
        <TableScroll label="Blog posts">
          <table className="admin-table">
            <caption className="visually-hidden">Blog posts</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">Publish date</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {posts.map((post) => {
                const status = postStatus(post, now);
                return (
                  <tr key={post.id}>
                    <td>
                      <a href={`/admin/blog-editor/${post.id}`}>{post.title}</a>
                      <div className="muted small">/blog/{post.slug}</div>
                    </td>
                    <td>
                      <span className={`badge badge-${status.toLowerCase()}`}>{status}</span>
                    </td>
                    <td>{formatDateTime(post.publishedAt, timeZone)}</td>
                    <td>
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
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
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

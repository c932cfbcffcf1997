import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { type BlogPost, postStatus } from '../../../shared/blog.ts';
import { ADMIN_MESSAGES, FIELD_MESSAGES } from '../../../shared/messages.ts';
import { BlogPostInputSchema, type BlogPostInput } from '../../../shared/schemas/blog-post.ts';
import { fieldErrors } from '../../../shared/schemas/fields.ts';
import { slugify } from '../../../shared/slug.ts';
import { fromLocalInput, toLocalInput } from '../../../shared/zoned-time.ts';
import { FieldError } from '../../../components/form/FieldError.tsx';
import { TextArea } from '../../../components/form/TextArea.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { RequestError, adminApi, errorMessage } from '../../../components/request.ts';
import { formatDateTime } from '../ui/format.ts';
import { RichTextEditor } from './RichTextEditor.tsx';

export interface EditorData {
  post: BlogPost | null;
  /** The signed-in staff member's name: the author of a new post. */
  defaultAuthor: string;
  now: string;
}

interface FormState {
  title: string;
  excerpt: string;
  author: string;
  content: string;
  tags: string;
  featuredImage: string;
  published: boolean;
  publishedAt: string;
}

function initialState({ post, defaultAuthor, now }: EditorData, timeZone: string): FormState {
  return {
    title: post?.title ?? '',
    excerpt: post?.excerpt ?? '',
    author: post?.author ?? defaultAuthor,
    content: post?.content ?? '',
    tags: post?.tags.join(', ') ?? '',
    featuredImage: post?.featuredImage ?? '',
    published: post?.published ?? false,
    publishedAt: toLocalInput(post?.publishedAt ?? now, timeZone),
  };
}

/** Create or edit a post: every field of SPEC.md §5, each error beside its field, and a guard on unsaved changes. */
export function PostEditor({ data }: { data: EditorData }) {
  const { csrfToken, timeZone } = usePageContext();
  const [post, setPost] = useState(data.post);
  const [form, setForm] = useState(() => initialState(data, timeZone));
  const [saved, setSaved] = useState(form);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const uid = useId();
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(saved), [form, saved]);

  useEffect(() => {
    if (!dirty) return;
    // The browser shows its own "leave site?" question; the text is not customisable.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const ids = (name: string) => ({ input: `${uid}-${name}`, error: `${uid}-${name}-error` });
  const described = (name: string, hint?: string) =>
    [errors[name] ? ids(name).error : null, hint ?? null].filter(Boolean).join(' ') || undefined;
  const text = (name: 'title' | 'excerpt' | 'author' | 'tags' | 'featuredImage') => ({
    name,
    value: form[name],
    onValueChange: (value: string) => set(name, value),
    error: errors[name],
  });

  async function save(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const publishedAt = fromLocalInput(form.publishedAt, timeZone);
    const input: BlogPostInput = {
      title: form.title,
      excerpt: form.excerpt,
      author: form.author,
      content: form.content,
      tags: form.tags,
      featuredImage: form.featuredImage,
      published: form.published,
      publishedAt: publishedAt ?? 'invalid',
    };
    const parsed = BlogPostInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setNotice({ kind: 'error', text: FIELD_MESSAGES.fixErrors });
      requestAnimationFrame(() => noticeRef.current?.focus());
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = post
        ? await adminApi<BlogPost>('PUT', `/api/admin/posts/${post.id}`, csrfToken, input)
        : await adminApi<BlogPost>('POST', '/api/admin/posts', csrfToken, input);
      if (!post) window.history.replaceState(null, '', `/admin/blog-editor/${result.id}`);
      setPost(result);
      const next = { ...form, content: result.content, publishedAt: toLocalInput(result.publishedAt, timeZone) };
      setForm(next);
      setSaved(next);
      const status = postStatus(result, Date.now());
      setNotice({
        kind: 'success',
        text:
          status === 'Published'
            ? ADMIN_MESSAGES.postSavedLive
            : status === 'Scheduled'
              ? ADMIN_MESSAGES.postSavedScheduled(formatDateTime(result.publishedAt, timeZone))
              : ADMIN_MESSAGES.postSavedDraft,
      });
    } catch (err) {
      if (err instanceof RequestError) setErrors(err.fields);
      setNotice({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
      requestAnimationFrame(() => noticeRef.current?.focus());
    }
  }

  const slug = post?.slug ?? slugify(form.title);
  const status = postStatus({ published: form.published, publishedAt: fromLocalInput(form.publishedAt, timeZone) ?? data.now }, Date.parse(data.now));

  return (
    <form className="post-editor" onSubmit={save} noValidate>
      <div ref={noticeRef} tabIndex={-1} role={notice?.kind === 'error' ? 'alert' : 'status'} className={notice ? `notice notice-${notice.kind}` : undefined}>
        {notice?.text}
        {notice?.kind === 'success' && post && (
          <>
            {' '}
            <a href={status === 'Published' ? `/blog/${post.slug}` : `/admin/preview/${post.id}`}>
              {status === 'Published' ? 'View the post' : 'Preview'}
            </a>
          </>
        )}
      </div>
      <TextField {...text('title')} label="Title" required maxLength={200} hint={slug ? `Address: /blog/${slug}` : undefined} />
      <TextArea {...text('excerpt')} label="Excerpt" required rows={3} maxLength={500} />
      <TextField {...text('author')} label="Author" required maxLength={100} />
      <div className="field">
        <span className="label" id={`${uid}-content-label`}>
          Content<span aria-hidden="true"> *</span>
        </span>
        <RichTextEditor
          html={form.content}
          onChange={(html) => set('content', html)}
          labelId={`${uid}-content-label`}
          describedBy={errors.content ? ids('content').error : undefined}
          invalid={Boolean(errors.content)}
        />
        <FieldError id={ids('content').error} message={errors.content} />
      </div>
      <TextField {...text('tags')} label="Tags" hint="Separate tags with commas, for example: Security, Cloud" maxLength={1000} />
      <TextField {...text('featuredImage')} label="Featured image URL" type="url" hint="An address starting with https://" maxLength={2000} />
      <fieldset className="publish-box">
        <legend>Publishing</legend>
        <div className="checkbox">
          <input id={ids('published').input} type="checkbox" checked={form.published} onChange={(e) => set('published', e.target.checked)} />
          <label htmlFor={ids('published').input}>Publish this post</label>
        </div>
        <div className="field">
          <label htmlFor={ids('publishedAt').input}>Publish date ({timeZone.replace('_', ' ')} time)</label>
          <p id={`${ids('publishedAt').input}-hint`} className="hint">
            A date in the future schedules the post.
          </p>
          <input
            id={ids('publishedAt').input}
            type="datetime-local"
            value={form.publishedAt}
            onChange={(e) => set('publishedAt', e.target.value)}
            aria-invalid={errors.publishedAt ? true : undefined}
            aria-describedby={described('publishedAt', `${ids('publishedAt').input}-hint`)}
          />
          <FieldError id={ids('publishedAt').error} message={errors.publishedAt} />
        </div>
        <p className="muted">
          On save this post will be: <strong>{status === 'Published' ? 'published now' : status === 'Scheduled' ? 'scheduled' : 'a draft'}</strong>
        </p>
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save post'}
        </button>
        {dirty && <span className="muted">Unsaved changes</span>}
      </div>
    </form>
  );
}

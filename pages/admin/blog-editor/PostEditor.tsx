import { type FormEvent, useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { type BlogPost, type EditorState, type PostRevision, postStatus } from '../../../shared/blog.ts';
import { BLOG_TEXT, FIELD_MESSAGES } from '../../../shared/messages.ts';
import { ADMIN_MESSAGES, EDITOR_MESSAGES, POSTS_TEXT } from '../../../shared/admin-texts.ts';
import { PREVIEW_TEXT, type PreviewLink } from '../../../shared/previews.ts';
import { BlogPostInputSchema, type BlogPostInput, type EditorForm } from '../../../shared/schemas/blog-post.ts';
import { fieldErrors } from '../../../shared/schemas/fields.ts';
import { slugify } from '../../../shared/slug.ts';
import { fromLocalInput, toLocalInput } from '../../../shared/zoned-time.ts';
import { FieldError } from '../../../components/form/FieldError.tsx';
import { TextArea } from '../../../components/form/TextArea.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { RequestError, adminApi, errorMessage, requestJson } from '../../../components/request.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { NoticeBox } from '../ui/Notice.tsx';
import { formatDateTime } from '../ui/format.ts';
import { useUnsavedWarning } from '../ui/use-unsaved-warning.ts';
import { FeaturedImageField } from './FeaturedImageField.tsx';
import { ReviewBox } from './ReviewBox.tsx';
import { can } from '../../../shared/roles.ts';
import { RevisionHistory } from './RevisionHistory.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';
import { SaveStatus, saveState } from './SaveStatus.tsx';
import { ShareLinks } from '../ui/ShareLinks.tsx';
import { useAutosave } from './use-autosave.ts';
import { isUnreachable, useRetry } from './use-retry.ts';
import './editor.css';

export interface EditorData {
  state: EditorState;
  /** The post's share links that work now (none for a new post). */
  shareLinks: PreviewLink[];
  /** The signed-in staff member's name: the author of a new post. */
  defaultAuthor: string;
  now: string;
}

function formOf(post: BlogPost | null, defaultAuthor: string, timeZone: string): EditorForm {
  return {
    title: post?.title ?? '',
    excerpt: post?.excerpt ?? '',
    author: post?.author ?? defaultAuthor,
    content: post?.content ?? '',
    tags: post?.tags.join(', ') ?? '',
    featuredImage: post?.featuredImage ?? '',
    featuredImageAlt: post?.featuredImageAlt ?? '',
    featuredImageDecorative: post?.featuredImageAlt === '',
    slug: post?.slug ?? '',
    // A post's address follows its title (docs/product.md#blog-editor) until staff give it one of their own.
    slugEdited: post ? post.slug !== slugify(post.title) : false,
    published: post?.published ?? false,
    // Empty until the date is fixed: a draft is dated when it is published (docs/product.md#blog-editor).
    publishedAt: post?.publishDateFixed ? toLocalInput(post.publishedAt, timeZone) : '',
  };
}

type Notice = { kind: 'success' | 'error'; text: string; restored?: boolean; viewHref?: string };

/**
 * Create or edit a post: every field of docs/product.md#blog-editor (its address included), each error beside its
 * field. The writing in a wide column, the post's settings, publishing, preview and history beside it on a wide
 * screen (below it on a narrow one). One status says where the post stands; leaving asks first only when it has
 * unsaved changes. The form is autosaved while typing as a safety net, and a save that cannot reach the server is
 * tried again until it can. The heading is the post's title once it is saved.
 */
export function PostEditor({ data }: { data: EditorData }) {
  const { csrfToken, timeZone, user } = usePageContext();
  // Without `posts.publish` (an Author) the publishing box is the review box.
  const mayPublish = user !== null && can(user.role, 'posts.publish');
  const [reviewRequestedAt, setReviewRequestedAt] = useState(data.state.reviewRequestedAt);
  const [post, setPost] = useState(data.state.post);
  // A new post's first save names it, so a retry after a lost answer saves over it rather than making a second.
  const [newPostId] = useState(() => crypto.randomUUID());
  const [revisions, setRevisions] = useState(data.state.revisions);
  const [saved, setSaved] = useState(() => formOf(data.state.post, data.defaultAuthor, timeZone));
  const [form, setForm] = useState(() => data.state.autosave?.form ?? saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice | null>(() =>
    data.state.autosave
      ? { kind: 'success', text: EDITOR_MESSAGES.autosaveRestored(formatDateTime(data.state.autosave.savedAt, timeZone)), restored: true }
      : null,
  );
  const [saving, setSaving] = useState(false);
  // A save that could not reach the server is tried again (with back-off) until it can.
  const saveRetry = useRetry();
  // Bumped when the content is replaced from outside the editor (a restore, a discarded autosave): it starts afresh.
  const [contentVersion, setContentVersion] = useState(0);
  const noticeRef = useRef<HTMLDivElement>(null);
  const uid = useId();
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(saved), [form, saved]);
  const autosave = useAutosave(form, {
    url: `/api/admin/posts/${post?.id ?? 'new'}/autosave`,
    dirty,
    paused: saving || saveRetry.failures > 0,
    csrfToken,
  });
  const state = saveState({ saving, failing: saveRetry.failures > 0 || autosave.failing, dirty, saved: post !== null });

  // Links in the admin load a new page, so they ask too; with nothing unsaved, nothing asks.
  useUnsavedWarning(dirty);

  const set = <K extends keyof EditorForm>(key: K, value: EditorForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setTitle = (title: string) => setForm((f) => ({ ...f, title, slug: f.slugEdited ? f.slug : slugify(title) }));
  const ids = (name: string) => ({ input: `${uid}-${name}`, error: `${uid}-${name}-error` });
  const described = (name: string, hint?: string) =>
    [errors[name] ? ids(name).error : null, hint ?? null].filter(Boolean).join(' ') || undefined;
  const text = (name: 'excerpt' | 'author' | 'tags') => ({
    name,
    value: form[name],
    onValueChange: (value: string) => set(name, value),
    error: errors[name],
  });
  const announce = (next: Notice) => {
    setNotice(next);
    requestAnimationFrame(() => noticeRef.current?.focus());
  };

  /**
   * The rich-text editor writes the content it was given in its own way (attribute order, a link's rel): that is no
   * change, so the form, and the saved form when it holds the same content, take the editor's writing.
   */
  function adoptEditorHtml(html: string, given: string) {
    if (html === given) return;
    setSaved((s) => (s.content === given ? { ...s, content: html } : s));
    setForm((f) => (f.content === given ? { ...f, content: html } : f));
  }

  /** After the server kept the post: the form shows what it stored, and nothing is unsaved. */
  function settle(result: BlogPost) {
    if (!post) window.history.replaceState(null, '', `/admin/blog-editor/${result.id}`);
    setPost(result);
    const next = formOf(result, data.defaultAuthor, timeZone);
    setForm(next);
    setSaved(next);
    autosave.settle(next);
    void adminApi<PostRevision[]>('GET', `/api/admin/posts/${result.id}/revisions`, csrfToken).then(setRevisions, () => {});
  }

  async function save(event?: FormEvent) {
    event?.preventDefault();
    setNotice(null);
    const publishedAt = form.publishedAt === '' ? '' : fromLocalInput(form.publishedAt, timeZone);
    const input: BlogPostInput = {
      title: form.title,
      excerpt: form.excerpt,
      author: form.author,
      content: form.content,
      tags: form.tags,
      featuredImage: form.featuredImage,
      featuredImageAlt: form.featuredImageAlt,
      featuredImageDecorative: form.featuredImageDecorative,
      slug: form.slug,
      published: form.published,
      publishedAt: publishedAt ?? 'invalid',
    };
    const parsed = BlogPostInputSchema.safeParse(input);
    if (!parsed.success) {
      saveRetry.succeeded();
      setErrors(fieldErrors(parsed.error));
      announce({ kind: 'error', text: FIELD_MESSAGES.fixErrors });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await autosave.flush();
      const result = post
        ? await adminApi<BlogPost>('PUT', `/api/admin/posts/${post.id}`, csrfToken, input)
        : await requestJson<BlogPost>('POST', '/api/admin/posts', { body: input, csrfToken, idempotencyKey: newPostId });
      saveRetry.succeeded();
      settle(result);
      const status = postStatus(result, Date.now());
      announce({
        kind: 'success',
        viewHref: status === 'Published' ? `/blog/${result.slug}` : undefined,
        text:
          status === 'Published'
            ? ADMIN_MESSAGES.postSavedLive
            : status === 'Scheduled'
              ? ADMIN_MESSAGES.postSavedScheduled(formatDateTime(result.publishedAt, timeZone))
              : ADMIN_MESSAGES.postSavedDraft,
      });
    } catch (err) {
      // Out of reach: the status says so ("Couldn't save, retrying") and the save runs again by itself.
      if (isUnreachable(err)) saveRetry.failed();
      else {
        saveRetry.succeeded();
        if (err instanceof RequestError) setErrors(err.fields);
        announce({ kind: 'error', text: errorMessage(err) });
      }
    } finally {
      setSaving(false);
    }
  }

  // The retry saves the form as it is then, so words typed meanwhile are saved too.
  const saveAgain = useEffectEvent(() => void save());
  const { failures: saveFailures, attempt: saveAttempt, delay: saveDelay } = saveRetry;
  useEffect(() => {
    if (!saveFailures) return;
    const timer = setTimeout(saveAgain, saveDelay);
    return () => clearTimeout(timer);
  }, [saveFailures, saveAttempt, saveDelay]);

  async function discardRestored() {
    await adminApi('DELETE', `/api/admin/posts/${post?.id ?? 'new'}/autosave`, csrfToken).catch(() => {});
    setForm(saved);
    autosave.settle(saved);
    setContentVersion((v) => v + 1);
    setNotice(null);
  }

  async function restore(revision: PostRevision) {
    if (!post) return;
    try {
      settle(await adminApi<BlogPost>('POST', `/api/admin/posts/${post.id}/revisions/${revision.id}/restore`, csrfToken));
      setContentVersion((v) => v + 1);
      setErrors({});
      announce({ kind: 'success', text: EDITOR_MESSAGES.revisionRestored(formatDateTime(revision.savedAt, timeZone)) });
    } catch (err) {
      announce({ kind: 'error', text: errorMessage(err) });
    }
  }

  const chosenDate = fromLocalInput(form.publishedAt, timeZone);
  const status = postStatus({ published: form.published, publishedAt: chosenDate ?? data.now }, Date.parse(data.now));
  // A date chosen in the past is named: the post goes live with it, not dated now.
  const willBe =
    status === 'Published' && chosenDate ? POSTS_TEXT.publishedDated(formatDateTime(chosenDate, timeZone)) : POSTS_TEXT.willBe[status];
  const redirectNotice =
    post && post.published && form.slug !== post.slug && form.slug !== '' ? EDITOR_MESSAGES.slugWillRedirect(post.slug) : undefined;

  return (
    <AdminShell title={post?.title ?? POSTS_TEXT.newPost}>
      <form className="post-editor" onSubmit={save} noValidate>
        <div className="editor-main">
          <NoticeBox ref={noticeRef} notice={notice}>
            {notice?.restored && (
              <>
                {' '}
                <button type="button" className="link-button" onClick={() => void discardRestored()}>
                  {POSTS_TEXT.discardRestored}
                </button>
              </>
            )}
            {notice?.viewHref && (
              <>
                {' '}
                <a href={notice.viewHref}>{POSTS_TEXT.viewPost}</a>
              </>
            )}
          </NoticeBox>
          <TextField
            name="title"
            value={form.title}
            onValueChange={setTitle}
            error={errors.title}
            label={POSTS_TEXT.postTitle}
            required
            maxLength={200}
          />
          <TextField
            name="slug"
            value={form.slug}
            onValueChange={(slug) => setForm((f) => ({ ...f, slug, slugEdited: true }))}
            error={errors.slug}
            label={POSTS_TEXT.address}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            hint={redirectNotice ?? POSTS_TEXT.addressHint(form.slug)}
          />
          <TextArea {...text('excerpt')} label={POSTS_TEXT.excerpt} required rows={3} maxLength={500} />
          <div className="field">
            <span className="label" id={`${uid}-content-label`}>
              {POSTS_TEXT.content}
              <span aria-hidden="true"> *</span>
            </span>
            <RichTextEditor
              key={contentVersion}
              html={form.content}
              onChange={(html) => set('content', html)}
              onNormalize={adoptEditorHtml}
              labelId={`${uid}-content-label`}
              describedBy={errors.content ? ids('content').error : undefined}
              invalid={Boolean(errors.content)}
            />
            <FieldError id={ids('content').error} message={errors.content} />
          </div>
        </div>
        <div className="editor-side">
          {!mayPublish && (
            <ReviewBox
              postId={post?.id ?? null}
              requestedAt={reviewRequestedAt}
              dirty={dirty}
              onSubmitted={(text, at) => {
                setReviewRequestedAt(at);
                announce({ kind: 'success', text });
              }}
              onError={(text) => announce({ kind: 'error', text })}
            />
          )}
          {mayPublish && (
            <fieldset className="publish-box">
              <legend>{POSTS_TEXT.publishing}</legend>
              <div className="checkbox">
                <input
                  id={ids('published').input}
                  type="checkbox"
                  checked={form.published}
                  onChange={(e) => set('published', e.target.checked)}
                />
                <label htmlFor={ids('published').input}>{POSTS_TEXT.publish}</label>
              </div>
              <div className="field">
                <label htmlFor={ids('publishedAt').input}>
                  {POSTS_TEXT.publishDateIn.before}
                  {timeZone.replace('_', ' ')}
                  {POSTS_TEXT.publishDateIn.after}
                </label>
                <p id={`${ids('publishedAt').input}-hint`} className="hint">
                  {POSTS_TEXT.scheduleHint}
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
                {`${POSTS_TEXT.onSave} `}
                <strong>{willBe}</strong>
              </p>
            </fieldset>
          )}
          <div className="editor-save">
            <div className="button-row">
              <button type="submit" className="button button-primary" disabled={saving}>
                {POSTS_TEXT.save}
              </button>
              {post && (
                <a className="button button-ghost-dark" href={`/admin/preview/${post.id}`}>
                  {POSTS_TEXT.preview}
                </a>
              )}
            </div>
            <SaveStatus state={state} savedAt={post?.updatedAt ?? null} now={data.now} timeZone={timeZone} />
            {post && <p className="hint">{PREVIEW_TEXT.showsSaved}</p>}
          </div>
          <TextField {...text('author')} label={POSTS_TEXT.author} required maxLength={100} />
          <TextField {...text('tags')} label={BLOG_TEXT.tags} hint={POSTS_TEXT.tagsHint} maxLength={1000} />
          <FeaturedImageField form={form} onChange={(patch) => setForm((f) => ({ ...f, ...patch }))} errors={errors} />
          <ShareLinks
            path={post ? `/api/admin/posts/${post.id}/share-links` : null}
            initial={data.shareLinks}
            saveFirst={PREVIEW_TEXT.saveFirst}
          />
          {post && <RevisionHistory postId={post.id} revisions={revisions} timeZone={timeZone} onRestore={restore} />}
        </div>
      </form>
    </AdminShell>
  );
}

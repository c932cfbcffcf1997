import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { postStatus } from '../../../shared/blog.ts';
import { ADMIN_MESSAGES, POSTS_TEXT } from '../../../shared/admin-texts.ts';
import { PREVIEW_TEXT, type PostPreview, type WordsPreview } from '../../../shared/previews.ts';
import { formatDateTime } from '../../admin/ui/format.ts';

/** The band itself: "Preview" in bold, then what it shows (`text`), and anything below it. */
function Banner({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <section className="preview-banner" aria-labelledby="preview-banner-title">
      <div className="container">
        <p>
          <strong id="preview-banner-title" className="preview-banner-title">
            {PREVIEW_TEXT.banner}
          </strong>{' '}
          {text}
        </p>
        {children}
      </div>
    </section>
  );
}

/**
 * The band above a preview: that it is one, which saved version it shows, and whether the post is public. Staff
 * get a link back to the editor; someone holding a share link learns until when it works.
 */
export function PreviewBanner({ preview, now, shared }: { preview: PostPreview; now: number; shared: boolean }) {
  const { timeZone } = usePageContext();
  const { post, version } = preview;
  const at = (iso: string) => formatDateTime(iso, timeZone);
  const status = postStatus(post, now);
  const state = shared
    ? status === 'Scheduled'
      ? PREVIEW_TEXT.sharedStatus.Scheduled(at(post.publishedAt))
      : PREVIEW_TEXT.sharedStatus[status]
    : status === 'Draft'
      ? ADMIN_MESSAGES.previewDraft
      : status === 'Scheduled'
        ? ADMIN_MESSAGES.previewScheduled(at(post.publishedAt))
        : ADMIN_MESSAGES.previewPublic;
  return (
    <Banner
      text={`${shared ? PREVIEW_TEXT.sharedIntro : PREVIEW_TEXT.staffIntro} ${PREVIEW_TEXT.version(at(version.savedAt), version.savedBy)} ${state}${
        shared && preview.linkExpiresAt ? ` ${PREVIEW_TEXT.sharedUntil(at(preview.linkExpiresAt))}` : ''
      }`}
    >
      {!shared && (
        <p>
          <a href={`/admin/blog-editor/${post.id}`}>{POSTS_TEXT.editThisPost}</a>
        </p>
      )}
    </Banner>
  );
}

/** The band above a page's shared preview: that it is one, which saved words it shows, and until when the link works. */
export function SharedWordsBanner({ preview }: { preview: Omit<WordsPreview, 'words'> }) {
  const { timeZone } = usePageContext();
  const at = (iso: string) => formatDateTime(iso, timeZone);
  const { sharedPageStatus } = PREVIEW_TEXT;
  const state = preview.scheduledAt
    ? sharedPageStatus.scheduled(at(preview.scheduledAt))
    : preview.isDraft
      ? sharedPageStatus.draft
      : sharedPageStatus.published;
  const { version } = preview;
  return (
    <Banner
      text={`${PREVIEW_TEXT.sharedPageIntro} ${PREVIEW_TEXT.version(at(version.savedAt), version.savedBy)} ${state} ${PREVIEW_TEXT.sharedUntil(at(preview.linkExpiresAt))}`}
    />
  );
}

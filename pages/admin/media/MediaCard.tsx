import { type FormEvent, useId, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { adminApi, errorMessage } from '../../../components/request.ts';
import { TextField } from '../../../components/form/TextField.tsx';
import { ALT_TEXT_MAX } from '../../../shared/images.ts';
import { type ImageUse, type LibraryImage, MEDIA_TEXT, formatBytes, labelOfUse, mayChangeImage } from '../../../shared/media.ts';
import { ADMIN_TEXT } from '../../../shared/admin-texts.ts';
import { type Capability, can } from '../../../shared/roles.ts';
import { editorHref, isWordsKey } from '../../../shared/site-words.ts';
import { ConfirmButton } from '../ui/ConfirmButton.tsx';
import { type Notice, NoticeBox } from '../ui/Notice.tsx';
import { formatDateTime } from '../ui/format.ts';
import { thumbnailOf } from '../ui/media/upload-image.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One use, linking to where it can be changed when the person may open that page. */
function UseLink({ use }: { use: ImageUse }) {
  const { user } = usePageContext();
  const [href, capability]: [string, Capability] = use.post
    ? [`/admin/blog-editor/${use.post.id}`, 'posts.edit-any']
    : use.page && isWordsKey(use.page.key)
      ? [editorHref(use.page.key), 'pages.edit']
      : ['/admin/settings', 'settings.manage'];
  const mayOpen = user !== null && can(user.role, capability);
  return mayOpen ? <a href={href}>{labelOfUse(use)}</a> : <>{labelOfUse(use)}</>;
}

/**
 * One image of the library: its thumbnail, file name, size, dimensions, uploader, where it is used (or when it
 * will be deleted), its alt text, and Delete. Changing or deleting it is offered to its uploader and to those who
 * may edit every post (docs/product.md#roles); a deletion refused for its uses says where it is used. Posts the
 * person may not open come only as a count (docs/product.md#media).
 */
export function MediaCard({
  image,
  unusedDays,
  onChanged,
  onDeleted,
}: {
  image: LibraryImage;
  unusedDays: number;
  onChanged: (image: LibraryImage) => void;
  onDeleted: () => void;
}) {
  const { csrfToken, timeZone, user } = usePageContext();
  const id = useId();
  const [alt, setAlt] = useState(image.alt);
  const [altError, setAltError] = useState<string | undefined>();
  const [notice, setNotice] = useState<Notice>(null);
  // Bumped by a refused deletion: the question closes and the refusal (with where the image is used) takes focus.
  const [refusals, setRefusals] = useState(0);
  const noticeRef = useRef<HTMLDivElement>(null);
  const mayChange = user !== null && mayChangeImage({ role: user.role, userId: user.id }, image);

  async function saveAlt(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setAltError(undefined);
    try {
      onChanged(await adminApi<LibraryImage>('PATCH', `/api/admin/images/${image.id}`, csrfToken, { alt }));
      setNotice({ kind: 'success', text: MEDIA_TEXT.altSaved });
    } catch (err) {
      setAltError(errorMessage(err));
    }
  }

  return (
    <li>
      <article className="admin-card media-card" aria-labelledby={`${id}-name`}>
        <img className="media-thumb" src={thumbnailOf(image)} alt={image.alt} width={image.width} height={image.height} loading="lazy" />
        <h3 id={`${id}-name`} className="media-name">
          {image.fileName}
        </h3>
        <dl className="media-facts">
          <dt>{MEDIA_TEXT.fileSize}</dt>
          <dd>{formatBytes(image.bytes)}</dd>
          <dt>{MEDIA_TEXT.storedSize}</dt>
          <dd>{MEDIA_TEXT.storedSizeValue(formatBytes(image.storedBytes))}</dd>
          <dt>{MEDIA_TEXT.dimensions}</dt>
          <dd>{MEDIA_TEXT.pixels(image.originalWidth, image.originalHeight)}</dd>
          <dt>{MEDIA_TEXT.uploaded}</dt>
          <dd>{MEDIA_TEXT.uploadedBy(image.uploadedBy?.name ?? null, formatDateTime(image.uploadedAt, timeZone))}</dd>
          <dt className="media-uses-term">{MEDIA_TEXT.usedIn}</dt>
          <dd className="media-uses-list">
            {image.uses.length > 0 || image.hiddenUses > 0 ? (
              <ul className="media-uses">
                {image.uses.map((use) => (
                  <li key={`${use.place} ${use.post?.id ?? use.page?.key ?? ''}`}>
                    <UseLink use={use} />
                  </li>
                ))}
                {image.hiddenUses > 0 && <li>{MEDIA_TEXT.otherUses(image.hiddenUses)}</li>}
              </ul>
            ) : (
              <>
                {MEDIA_TEXT.notUsed}
                {image.unusedSince && (
                  <span className="muted small">
                    {' '}
                    {MEDIA_TEXT.deletedOn(
                      formatDateTime(new Date(Date.parse(image.unusedSince) + unusedDays * DAY_MS).toISOString(), timeZone),
                    )}
                  </span>
                )}
              </>
            )}
          </dd>
        </dl>
        {mayChange ? (
          <form className="media-alt" onSubmit={(event) => void saveAlt(event)} noValidate>
            <TextField name="alt" label={MEDIA_TEXT.alt} value={alt} onValueChange={setAlt} error={altError} maxLength={ALT_TEXT_MAX} />
            <button type="submit" className="button button-small button-ghost-dark" aria-describedby={`${id}-name`}>
              {MEDIA_TEXT.saveAlt}
            </button>
          </form>
        ) : (
          <p className="media-alt-text">
            <strong>{MEDIA_TEXT.alt}:</strong> {image.alt || MEDIA_TEXT.noAlt}
          </p>
        )}
        <NoticeBox ref={noticeRef} notice={notice} />
        {mayChange && (
          <ConfirmButton
            key={refusals}
            label={ADMIN_TEXT.delete}
            question={MEDIA_TEXT.deleteQuestion(image.fileName)}
            confirmLabel={MEDIA_TEXT.deleteConfirm}
            onConfirm={async () => {
              setNotice(null);
              try {
                await adminApi('DELETE', `/api/admin/images/${image.id}`, csrfToken);
                onDeleted();
              } catch (err) {
                setNotice({ kind: 'error', text: errorMessage(err) });
                setRefusals((n) => n + 1);
                requestAnimationFrame(() => noticeRef.current?.focus());
              }
            }}
          />
        )}
      </article>
    </li>
  );
}

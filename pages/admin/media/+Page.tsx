import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { adminApi } from '../../../components/request.ts';
import { type LibraryImage, MEDIA_FILTERS, MEDIA_TEXT, type MediaPage, formatBytes, mediaQueryString } from '../../../shared/media.ts';
import { ADMIN_TEXT } from '../../../shared/admin-texts.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { type Notice, NoticeBox } from '../ui/Notice.tsx';
import { UploadZone } from '../ui/media/UploadZone.tsx';
import { MediaCard } from './MediaCard.tsx';
import type { MediaData } from './+data.ts';
import { TitledSection } from '../ui/TitledSection.tsx';

/**
 * The media library (docs/product.md#media): every uploaded image, newest first, with its size, who uploaded it,
 * where it is used and its alt text; uploads of several images at once, picked or dropped; the filter "Unused";
 * and the total the library stores.
 */
export default function MediaLibraryPage() {
  const data = useData<MediaData>();
  const { query, nextCursor, unusedDays } = data;
  const { csrfToken } = usePageContext();
  const [images, setImages] = useState(data.images);
  const [totals, setTotals] = useState(data.totals);
  const [notice, setNotice] = useState<Notice>(null);
  const show = query.show ?? 'all';

  /** The totals again, and on the first page the newest images (uploads and deletions change both). */
  async function refresh() {
    const page = await adminApi<MediaPage>('GET', `/api/admin/images${mediaQueryString({ show })}`, csrfToken).catch(() => null);
    if (!page) return;
    setTotals(page.totals);
    if (!query.cursor) setImages(page.images);
  }

  return (
    <AdminShell title={MEDIA_TEXT.title}>
      <p className="media-intro">{MEDIA_TEXT.intro(unusedDays)}</p>
      <p className="media-totals">{MEDIA_TEXT.totals(totals.images, formatBytes(totals.storedBytes))}</p>
      <TitledSection id="media-upload" heading={MEDIA_TEXT.uploadHeading} className="admin-card media-upload">
        <UploadZone
          label={MEDIA_TEXT.choose}
          multiple
          onUploaded={(image) => setImages((list) => [image, ...list.filter((i) => i.id !== image.id)])}
          onDone={() => void refresh()}
        />
      </TitledSection>
      <section aria-labelledby="media-list-heading" className="media-list">
        <div className="media-list-head">
          <h2 id="media-list-heading">{MEDIA_TEXT.listLabel}</h2>
          <nav aria-label={MEDIA_TEXT.filterLabel} className="media-filter">
            {MEDIA_FILTERS.map((filter) => (
              <a
                key={filter}
                href={`/admin/media${mediaQueryString({ show: filter })}`}
                aria-current={show === filter ? 'page' : undefined}
              >
                {MEDIA_TEXT.filterCount(MEDIA_TEXT.filters[filter], filter === 'unused' ? totals.unused : totals.images)}
              </a>
            ))}
          </nav>
        </div>
        <p className="hint media-alt-hint">{MEDIA_TEXT.altHint}</p>
        <NoticeBox notice={notice} />
        {images.length === 0 ? (
          <p>{show === 'unused' ? MEDIA_TEXT.emptyUnused : MEDIA_TEXT.empty}</p>
        ) : (
          <ul className="media-grid">
            {images.map((image) => (
              <MediaCard
                key={image.id}
                image={image}
                unusedDays={unusedDays}
                onChanged={(changed: LibraryImage) => setImages((list) => list.map((i) => (i.id === changed.id ? changed : i)))}
                onDeleted={() => {
                  setImages((list) => list.filter((i) => i.id !== image.id));
                  setNotice({ kind: 'success', text: MEDIA_TEXT.deleted(image.fileName) });
                  void refresh();
                }}
              />
            ))}
          </ul>
        )}
      </section>
      <nav aria-label={ADMIN_TEXT.pager} className="pager">
        {query.cursor && <a href={`/admin/media${mediaQueryString({ show })}`}>{MEDIA_TEXT.newest}</a>}
        {nextCursor && (
          <a href={`/admin/media${mediaQueryString({ show, cursor: nextCursor })}`} rel="next">
            {MEDIA_TEXT.older}
          </a>
        )}
      </nav>
    </AdminShell>
  );
}

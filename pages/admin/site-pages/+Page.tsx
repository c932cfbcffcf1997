import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { PAGES_TEXT } from '../../../shared/pages-texts.ts';
import { isServiceId } from '../../../shared/services.ts';
import { NAVIGATION_KEY, type WordsSummary, editorHref, isCustomPageKey } from '../../../shared/site-words.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { formatDateTime } from '../ui/format.ts';

function PageList({
  heading,
  rows,
  hint,
  empty,
  children,
}: {
  heading: string;
  rows: WordsSummary[];
  hint?: string;
  empty?: string;
  children?: React.ReactNode;
}) {
  const { timeZone } = usePageContext();
  const id = `pages-${heading.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {hint && <p className="hint">{hint}</p>}
      {children}
      {rows.length === 0 && empty && <p className="muted">{empty}</p>}
      <ul className="words-list">
        {rows.map((row) => (
          <li key={row.key}>
            <a href={editorHref(row.key)} aria-label={PAGES_TEXT.edit(row.name)}>
              {row.name}
            </a>
            <span className="muted">
              {row.publishedAt
                ? PAGES_TEXT.lastPublished(formatDateTime(row.publishedAt, timeZone))
                : isCustomPageKey(row.key)
                  ? PAGES_TEXT.notPublished
                  : PAGES_TEXT.todaysWords}
              {row.draftSavedAt && ` · ${PAGES_TEXT.draftSaved(formatDateTime(row.draftSavedAt, timeZone))}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every built-in page and service whose words staff can change, with what each shows now. */
export default function PagesPage() {
  const rows = useData<WordsSummary[]>();
  return (
    <AdminShell title={PAGES_TEXT.title}>
      <p className="hint">{PAGES_TEXT.intro}</p>
      <PageList
        heading={PAGES_TEXT.pagesHeading}
        rows={rows.filter((r) => !isServiceId(r.key) && !isCustomPageKey(r.key) && r.key !== NAVIGATION_KEY)}
      />
      <PageList
        heading={PAGES_TEXT.navigationHeading}
        rows={rows.filter((r) => r.key === NAVIGATION_KEY)}
        hint={PAGES_TEXT.navigationHint}
      />
      <PageList heading={PAGES_TEXT.servicesHeading} rows={rows.filter((r) => isServiceId(r.key))} hint={PAGES_TEXT.servicesHint} />
      <PageList
        heading={PAGES_TEXT.customHeading}
        rows={rows.filter((r) => isCustomPageKey(r.key))}
        hint={PAGES_TEXT.customHint}
        empty={PAGES_TEXT.noCustomPages}
      >
        {/* A new page is a new random key: nothing is stored until its first save. */}
        <button
          type="button"
          className="button button-primary"
          onClick={() => window.location.assign(`/admin/pages/page-${crypto.randomUUID()}`)}
        >
          {PAGES_TEXT.newPage}
        </button>
      </PageList>
    </AdminShell>
  );
}

import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { PAGES_TEXT } from '../../../shared/admin-texts.ts';
import { isServiceId } from '../../../shared/services.ts';
import type { WordsSummary } from '../../../shared/site-words.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { formatDateTime } from '../ui/format.ts';

function PageList({ heading, rows, hint }: { heading: string; rows: WordsSummary[]; hint?: string }) {
  const { timeZone } = usePageContext();
  const id = `pages-${heading.toLowerCase()}`;
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {hint && <p className="hint">{hint}</p>}
      <ul className="words-list">
        {rows.map((row) => (
          <li key={row.key}>
            <a href={`/admin/pages/${row.key}`} aria-label={PAGES_TEXT.edit(row.name)}>
              {row.name}
            </a>
            <span className="muted">
              {row.publishedAt ? PAGES_TEXT.lastPublished(formatDateTime(row.publishedAt, timeZone)) : PAGES_TEXT.status.defaults}
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
      <PageList heading={PAGES_TEXT.pagesHeading} rows={rows.filter((r) => !isServiceId(r.key))} />
      <PageList heading={PAGES_TEXT.servicesHeading} rows={rows.filter((r) => isServiceId(r.key))} hint={PAGES_TEXT.servicesHint} />
    </AdminShell>
  );
}

import { useId, useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { ScriptedForm } from '../../../components/form/ScriptedForm.tsx';
import { adminApi, errorMessage } from '../../../components/request.ts';
import { REDIRECT_MESSAGES, REDIRECT_TEXT } from '../../../shared/redirect-messages.ts';
import type { Redirect } from '../../../shared/redirects.ts';
import { AdminInput } from '../ui/AdminInput.tsx';
import { AdminShell } from '../ui/AdminShell.tsx';
import { AdminTable } from '../ui/AdminTable.tsx';
import { ConfirmButton } from '../ui/ConfirmButton.tsx';
import { formatDateTime } from '../ui/format.ts';
import { type Notice, NoticeBox } from '../ui/Notice.tsx';
import { useFormRequest } from '../ui/use-form-request.ts';
import type { RedirectsData } from './+data.ts';
import { RedirectForm } from './RedirectForm.tsx';

/** Redirects staff manage, the blog's old slugs beside them, and their CSV (docs/product.md#redirects). */
export default function RedirectsPage() {
  const { redirects: initial } = useData<RedirectsData>();
  const { csrfToken, timeZone } = usePageContext();
  const [redirects, setRedirects] = useState(initial);
  const [editing, setEditing] = useState<Redirect | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const upsert = (saved: Redirect) => setRedirects((all) => [saved, ...all.filter((r) => r.id !== saved.id)]);
  const reload = async () => setRedirects((await adminApi<{ redirects: Redirect[] }>('GET', '/api/admin/redirects', csrfToken)).redirects);
  const editButtonId = (r: Redirect) => `edit-${r.id}`;
  /** Closes the edit form; focus goes back to the row's Edit button, where the keyboard user left the list. */
  const stopEditing = (r: Redirect) => {
    setEditing(null);
    requestAnimationFrame(() => document.getElementById(editButtonId(r))?.focus());
  };
  const hasBlogRows = redirects.some((r) => r.origin === 'blog');

  return (
    <AdminShell title={REDIRECT_TEXT.title}>
      <p className="muted">{REDIRECT_TEXT.intro}</p>
      <NoticeBox notice={notice} />
      {editing ? (
        <section aria-labelledby="edit-redirect" className="admin-card">
          {/* Focused as it opens, so a screen reader says which redirect is being edited. */}
          <h2 id="edit-redirect" tabIndex={-1} ref={(heading) => heading?.focus()}>
            {REDIRECT_TEXT.editing(editing.from)}
          </h2>
          <RedirectForm
            key={editing.id}
            redirect={editing}
            onSaved={(saved) => {
              upsert(saved);
              stopEditing(saved);
              setNotice({ kind: 'success', text: REDIRECT_MESSAGES.saved(saved.from, saved.to) });
            }}
            onCancel={() => stopEditing(editing)}
          />
        </section>
      ) : (
        <section aria-labelledby="new-redirect" className="admin-card">
          <h2 id="new-redirect">{REDIRECT_TEXT.adding}</h2>
          <RedirectForm onSaved={upsert} />
        </section>
      )}
      <section aria-labelledby="redirect-list" className="admin-section">
        <h2 id="redirect-list">{REDIRECT_TEXT.list}</h2>
        {hasBlogRows && <p className="hint">{REDIRECT_TEXT.blogHint}</p>}
        <AdminTable
          label={REDIRECT_TEXT.list}
          empty={<p>{REDIRECT_TEXT.none}</p>}
          rows={redirects}
          rowKey={(r) => r.id}
          columns={[
            { header: REDIRECT_TEXT.from, cell: (r) => r.from, className: 'redirect-address', isRowHeader: true },
            { header: REDIRECT_TEXT.to, cell: (r) => r.to, className: 'redirect-address' },
            { header: REDIRECT_TEXT.type, cell: (r) => r.status },
            // A post's old addresses are answered by the post's page, which does not count them.
            { header: REDIRECT_TEXT.hits, cell: (r) => (r.origin === 'blog' ? REDIRECT_TEXT.notCounted : r.hits) },
            {
              header: REDIRECT_TEXT.lastHit,
              cell: (r) => (r.origin === 'blog' ? '' : r.lastHitAt ? formatDateTime(r.lastHitAt, timeZone) : REDIRECT_TEXT.never),
            },
            { header: REDIRECT_TEXT.origin, cell: (r) => REDIRECT_TEXT.origins[r.origin] },
            {
              header: REDIRECT_TEXT.actions,
              className: 'redirect-actions',
              cell: (r) =>
                r.origin === 'blog' ? null : (
                  <div className="button-row">
                    <button
                      id={editButtonId(r)}
                      type="button"
                      className="button button-small button-ghost-dark"
                      aria-label={REDIRECT_TEXT.edit(r.from)}
                      onClick={() => setEditing(r)}
                    >
                      {REDIRECT_TEXT.editShort}
                    </button>
                    <ConfirmButton
                      label={REDIRECT_TEXT.deleteShort}
                      name={REDIRECT_TEXT.delete(r.from)}
                      question={REDIRECT_TEXT.deleteQuestion(r.from)}
                      confirmLabel={REDIRECT_TEXT.deleteConfirm}
                      onConfirm={async () => {
                        try {
                          const done = await adminApi<{ message: string }>('DELETE', `/api/admin/redirects/${r.id}`, csrfToken);
                          setRedirects((all) => all.filter((x) => x.id !== r.id));
                          setNotice({ kind: 'success', text: done.message });
                        } catch (err) {
                          setNotice({ kind: 'error', text: errorMessage(err) });
                        }
                      }}
                    />
                  </div>
                ),
            },
          ]}
        />
      </section>
      <CsvSection onImported={reload} />
    </AdminShell>
  );
}

/** "Export CSV" (a download) and "Import CSV" (the file read here and sent as text; bad lines listed beside it). */
function CsvSection({ onImported }: { onImported: () => Promise<void> }) {
  const { csrfToken } = usePageContext();
  const uid = useId();
  const [file, setFile] = useState<File | null>(null);
  const { notice, setNotice, errors, busy, run, formRef } = useFormRequest();
  return (
    <section aria-labelledby="redirect-csv" className="admin-card admin-section">
      <h2 id="redirect-csv">{REDIRECT_TEXT.csv}</h2>
      <p className="muted">{REDIRECT_TEXT.csvIntro}</p>
      <p>
        <a className="button button-small button-ghost-dark" href="/api/admin/redirects/export.csv" download>
          {REDIRECT_TEXT.exportCsv}
        </a>
      </p>
      <ScriptedForm
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            const done = await adminApi<{ message: string }>('POST', '/api/admin/redirects/import', csrfToken, {
              csv: (await file?.text()) ?? '',
            });
            setNotice({ kind: 'success', text: done.message });
            await onImported();
          });
        }}
      >
        <AdminInput
          id={`${uid}-csv`}
          name="csv"
          label={REDIRECT_TEXT.csvFile}
          type="file"
          accept=".csv,text/csv"
          error={errors.csv}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <button type="submit" className="button button-primary button-small" disabled={busy}>
          {REDIRECT_TEXT.importCsv}
        </button>
        <NoticeBox notice={notice} />
      </ScriptedForm>
    </section>
  );
}

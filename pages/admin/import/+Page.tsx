import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { ScriptedForm } from '../../../components/form/ScriptedForm.tsx';
import { RequestError, adminApi, errorMessage, requestJson } from '../../../components/request.ts';
import { IMPORT_MESSAGES, IMPORT_TEXT, type ImportStatus, isImportUnderway, summaryLines } from '../../../shared/import-messages.ts';
import { AdminInput } from '../ui/AdminInput.tsx';
import { AdminShell } from '../ui/AdminShell.tsx';
import { type Notice, NoticeBox } from '../ui/Notice.tsx';
import type { ImportPageData } from './+data.ts';
import './import.css';
import { TitledSection } from '../ui/TitledSection.tsx';

/** How often an import's status is asked for while it is underway. */
const POLL_MS = 500;

/** A dry run's or a report's lines (shared with `npm run import`). */
function Summary({ status, id, heading }: { status: ImportStatus; id: string; heading: string }) {
  return (
    <TitledSection id={id} heading={heading} className="admin-card">
      <ul className="import-summary">
        {summaryLines(status.summary).map((line, i) => (
          <li key={i}>
            {line.text}
            {line.items && (
              <ul>
                {line.items.map((item, j) => (
                  <li key={j}>{item}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

/**
 * Moving a site in (docs/product.md#import): choose the export file (and the uploads zip), see what will happen,
 * then Import; the progress bar follows the background import and its report stays on the page.
 */
export default function ImportPage() {
  const { last } = useData<ImportPageData>();
  const { csrfToken } = usePageContext();
  const [plan, setPlan] = useState<ImportStatus | null>(null);
  const [running, setRunning] = useState<ImportStatus | null>(last && isImportUnderway(last.state) ? last : null);
  const [report, setReport] = useState<ImportStatus | null>(last && !isImportUnderway(last.state) ? last : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const exportInput = useRef<HTMLInputElement>(null);
  const uploadsInput = useRef<HTMLInputElement>(null);
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(async () => {
      try {
        const status = await adminApi<ImportStatus>('GET', `/api/admin/imports/${running.id}`, csrfToken);
        if (isImportUnderway(status.state)) return setRunning(status);
        setRunning(null);
        setReport(status);
        setNotice(
          status.state === 'done'
            ? { kind: 'success', text: IMPORT_TEXT.finished(status.summary.counts) }
            : { kind: 'error', text: status.error ?? IMPORT_TEXT.failed },
        );
      } catch (err) {
        setNotice({ kind: 'error', text: errorMessage(err) });
        setRunning({ ...running });
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [running, csrfToken]);

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = exportInput.current?.files?.[0];
    const uploads = uploadsInput.current?.files?.[0];
    setNotice(null);
    setErrors({});
    setPlan(null);
    if (!file) {
      setErrors({ file: IMPORT_MESSAGES.fileRequired });
      return;
    }
    setBusy(true);
    try {
      let token = '';
      if (uploads) {
        try {
          token = (
            await requestJson<{ token: string }>('POST', `/api/admin/imports/uploads?name=${encodeURIComponent(uploads.name)}`, {
              body: uploads,
              csrfToken,
            })
          ).token;
        } catch (err) {
          if (err instanceof RequestError) setErrors({ uploads: err.message });
          throw err;
        }
      }
      const query = `name=${encodeURIComponent(file.name)}${token ? `&uploads=${token}` : ''}`;
      setPlan(await requestJson<ImportStatus>('POST', `/api/admin/imports?${query}`, { body: file, csrfToken }));
    } catch (err) {
      if (err instanceof RequestError && !uploads) setErrors({ file: err.message });
      setNotice({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    if (!plan) return;
    setBusy(true);
    setNotice(null);
    try {
      setRunning(await adminApi<ImportStatus>('POST', `/api/admin/imports/${plan.id}/start`, csrfToken));
      setPlan(null);
    } catch (err) {
      setNotice({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  const percent = running && running.total ? Math.round((running.done / running.total) * 100) : 0;
  // Asked for on another instance than the one holding the file: it starts within a second.
  const progressText = !running
    ? ''
    : running.state === 'requested'
      ? IMPORT_TEXT.requested
      : IMPORT_TEXT.running(running.done, running.total);
  // Drawn through the element's style (the page's CSP allows no style attribute).
  useEffect(() => {
    bar.current?.style.setProperty('width', `${percent}%`);
  });

  const nothingToDo = plan && plan.summary.counts.posts + plan.summary.counts.pages + plan.summary.counts.redirects === 0;
  return (
    <AdminShell title={IMPORT_TEXT.title}>
      <p className="muted">{IMPORT_TEXT.intro}</p>
      <NoticeBox notice={notice} />
      <TitledSection id="import-file" heading={IMPORT_TEXT.chooseHeading} className="admin-card">
        <ScriptedForm onSubmit={check} noValidate>
          <AdminInput
            ref={exportInput}
            id="import-export"
            name="file"
            type="file"
            label={IMPORT_TEXT.fileLabel}
            hint={IMPORT_TEXT.fileHint}
            error={errors.file}
            accept=".xml,.json,.zip"
          />
          <AdminInput
            ref={uploadsInput}
            id="import-uploads"
            name="uploads"
            type="file"
            label={IMPORT_TEXT.uploadsLabel}
            hint={IMPORT_TEXT.uploadsHint}
            error={errors.uploads}
            accept=".zip"
            required={false}
          />
          <button type="submit" className="button button-primary" disabled={busy || Boolean(running)}>
            {busy && !plan ? IMPORT_TEXT.checking : IMPORT_TEXT.check}
          </button>
        </ScriptedForm>
      </TitledSection>
      {plan && (
        <>
          <Summary status={plan} id="import-plan" heading={IMPORT_TEXT.planHeading} />
          {nothingToDo ? (
            <p>{IMPORT_TEXT.nothingToDo}</p>
          ) : (
            <button type="button" className="button button-primary" onClick={() => void start()} disabled={busy}>
              {busy ? IMPORT_TEXT.starting : IMPORT_TEXT.start}
            </button>
          )}
        </>
      )}
      {running && (
        <TitledSection id="import-running" heading={IMPORT_TEXT.progressLabel} className="admin-card">
          <div
            role="progressbar"
            aria-labelledby="import-running-heading"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={progressText}
            className="import-progress"
          >
            <div ref={bar} className="import-progress-bar" />
          </div>
          <p>{progressText}</p>
        </TitledSection>
      )}
      {report && (
        <Summary
          status={report}
          id="import-report"
          heading={report.id === last?.id ? IMPORT_TEXT.lastReportHeading : IMPORT_TEXT.reportHeading}
        />
      )}
    </AdminShell>
  );
}

import { ScriptedForm } from '../../../../components/form/ScriptedForm.tsx';
import { useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { focusFirstError } from '../../../../components/form/focus.ts';
import { RequestError, adminApi, errorMessage } from '../../../../components/request.ts';
import { PAGES_TEXT } from '../../../../shared/pages-texts.ts';
import { PREVIEW_TEXT, type PreviewLink } from '../../../../shared/previews.ts';
import { REVISION_TEXT } from '../../../../shared/revisions.ts';
import { isServiceId } from '../../../../shared/services.ts';
import {
  type FieldValue,
  NAVIGATION_KEY,
  type WordsDiffField,
  type WordsEditorState,
  type WordsRevision,
  fieldsOf,
} from '../../../../shared/site-words.ts';
import { DiffText } from '../../blog-editor/RevisionDiffView.tsx';
import { ActionButton } from '../../ui/ActionButton.tsx';
import { ShareLinks } from '../../ui/ShareLinks.tsx';
import { CompareButton, CompareDialog, useVersionCompare } from '../../ui/VersionCompare.tsx';
import { AdminShell } from '../../ui/AdminShell.tsx';
import { ConfirmButton } from '../../ui/ConfirmButton.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { fromLocalInput, toLocalInput } from '../../../../shared/zoned-time.ts';
import { type Notice, NoticeBox } from '../../ui/Notice.tsx';
import { useUnsavedWarning } from '../../ui/use-unsaved-warning.ts';
import { type LinkSuggestion, LinkSuggestions, WordsField } from './WordsFields.tsx';
import { useAutosave } from '../../blog-editor/use-autosave.ts';

type Words = Record<string, FieldValue>;
type Answer = { message: string; state: WordsEditorState };

/** Where a key's preview is: a service's shows the services page with it chosen. */
function previewHref(key: string): string {
  return `/admin/pages/${key}/preview${isServiceId(key) ? `?service=${key}` : ''}`;
}

/** The history: each save, newest first, each earlier one opening its word diff against the form's words now. */
function WordsHistory({ state, onRestore }: { state: WordsEditorState; onRestore: (revision: WordsRevision) => Promise<void> }) {
  const { timeZone } = usePageContext();
  const { comparing, compare, close } = useVersionCompare<WordsRevision, WordsDiffField[]>(
    (revision) => `/api/admin/pages/${state.key}/revisions/${revision.id}/diff`,
  );
  const describe = (r: WordsRevision) => PAGES_TEXT.savedBy(r.savedBy, formatDateTime(r.savedAt, timeZone));

  return (
    <section className="admin-card revisions" aria-labelledby="history-title">
      <h2 id="history-title">{PAGES_TEXT.history}</h2>
      {state.revisions.length === 0 && <p className="muted">{PAGES_TEXT.noHistory}</p>}
      <ol>
        {state.revisions.map((revision) => (
          <li key={revision.id}>
            <span className="revision-facts">
              <span className="revision-change">{PAGES_TEXT.change[revision.kind]}</span>
              <span>{describe(revision)}</span>
            </span>
            <CompareButton version={describe(revision)} onClick={() => void compare(revision)} />
          </li>
        ))}
      </ol>
      <CompareDialog comparing={comparing} describe={describe} restoreLabel={PAGES_TEXT.restore} onRestore={onRestore} onClose={close}>
        {(diff) =>
          diff.length === 0 ? (
            <p>{REVISION_TEXT.sameAsCurrent}</p>
          ) : (
            <div className="revision-diff">
              <p className="muted">{REVISION_TEXT.legend}</p>
              <dl>
                {diff.map(({ field, label, parts }) => (
                  <div key={field} className="diff-field">
                    <dt>{label}</dt>
                    <dd className="diff-text diff-body">
                      <DiffText parts={parts} />
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          )
        }
      </CompareDialog>
    </section>
  );
}

/**
 * A page's (or a service's) words as a form shaped like the page. "Save draft" keeps them unseen by visitors, the
 * preview shows the draft in the site's frame, "Publish" puts them on the site. Each save names the version the
 * form was opened with: someone else's save in between is refused, and the form keeps what was typed.
 */
export function WordsEditor({
  initial,
  suggestions,
  shareLinks = [],
}: {
  initial: WordsEditorState;
  suggestions?: LinkSuggestion[];
  /** The page's share links that work now; the navigation has no preview, so none. */
  shareLinks?: PreviewLink[];
}) {
  const { csrfToken, timeZone } = usePageContext();
  const [state, setState] = useState(initial);
  const [words, setWords] = useState<Words>(initial.autosave?.words ?? initial.draft ?? initial.published);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(
    initial.autosave ? { kind: 'success', text: PAGES_TEXT.autosaveRestored(formatDateTime(initial.autosave.savedAt, timeZone)) } : null,
  );
  const [restored, setRestored] = useState(initial.autosave !== null);
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(initial.autosave !== null);
  const [publishAt, setPublishAt] = useState(initial.scheduledAt ? toLocalInput(initial.scheduledAt, timeZone) : '');
  const autosave = useAutosave(words, { url: `/api/admin/pages/${initial.key}/autosave`, dirty, paused: busy, csrfToken });
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const fields = fieldsOf(state.key);
  useUnsavedWarning(dirty);

  function settle(answer: Answer, keepForm = false) {
    const next = keepForm ? words : (answer.state.draft ?? answer.state.published);
    setState(answer.state);
    setWords(next);
    autosave.settle(next);
    setErrors({});
    setDirty(false);
    setRestored(false);
    setNotice({ kind: 'success', text: answer.message });
    noticeRef.current?.focus();
  }

  function refused(err: unknown) {
    const fieldErrors = err instanceof RequestError ? err.fields : {};
    setErrors(fieldErrors);
    setNotice({ kind: 'error', text: errorMessage(err) });
    if (Object.keys(fieldErrors).length)
      requestAnimationFrame(() => focusFirstError(formRef.current, Object.keys(fieldErrors), fieldErrors));
    else noticeRef.current?.focus();
  }

  async function send(publish: boolean) {
    setBusy(true);
    setNotice(null);
    try {
      // An autosave under way must not land after the save (it would come back as "unsaved changes").
      await autosave.flush();
      const at = publish && publishAt ? fromLocalInput(publishAt, timeZone) : null;
      settle(
        await adminApi<Answer>('PUT', `/api/admin/pages/${state.key}`, csrfToken, {
          words,
          version: state.version,
          publish,
          publishAt: at,
        }),
        true,
      );
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  }

  async function act(method: 'DELETE' | 'POST', url: string, body?: unknown) {
    try {
      settle(await adminApi<Answer>(method, url, csrfToken, body));
    } catch (err) {
      refused(err);
    }
  }

  return (
    <AdminShell title={PAGES_TEXT.editTitle(state.name)}>
      <NoticeBox ref={noticeRef} notice={notice}>
        {restored && (
          <>
            {' '}
            <ActionButton
              className="button button-small"
              onAction={async () => {
                await adminApi('DELETE', `/api/admin/pages/${state.key}/autosave`, csrfToken).catch(() => {});
                const saved = state.draft ?? state.published;
                setWords(saved);
                autosave.settle(saved);
                setDirty(false);
                setRestored(false);
                setNotice(null);
              }}
            >
              {PAGES_TEXT.discardChanges}
            </ActionButton>
          </>
        )}
      </NoticeBox>
      <p className="hint">
        {state.publishedAt
          ? PAGES_TEXT.lastPublished(formatDateTime(state.publishedAt, timeZone))
          : state.isCustom
            ? PAGES_TEXT.notPublished
            : PAGES_TEXT.todaysWords}
        {state.draftSavedAt && ` · ${PAGES_TEXT.draftSaved(formatDateTime(state.draftSavedAt, timeZone))}`}
        {state.scheduledAt && ` · ${PAGES_TEXT.scheduledFor(formatDateTime(state.scheduledAt, timeZone))}`}
      </p>
      <ScriptedForm
        ref={formRef}
        noValidate
        className="admin-card words-form"
        onSubmit={(e) => {
          e.preventDefault();
          void send(false);
        }}
      >
        {suggestions && <LinkSuggestions suggestions={suggestions} />}
        {Object.entries(fields).map(([name, spec]) => (
          <WordsField
            key={name}
            name={name}
            spec={spec}
            value={words[name]!}
            errors={errors}
            onChange={(value) => {
              setWords((w) => ({ ...w, [name]: value }));
              setDirty(true);
            }}
          />
        ))}
        <div className="field">
          <label htmlFor="words-publish-at">{PAGES_TEXT.publishAt}</label>
          <p id="words-publish-at-hint" className="hint">
            {PAGES_TEXT.publishAtHint}
          </p>
          <input
            id="words-publish-at"
            type="datetime-local"
            value={publishAt}
            aria-describedby="words-publish-at-hint"
            onChange={(e) => setPublishAt(e.target.value)}
          />
        </div>
        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>
            {PAGES_TEXT.saveDraft}
          </button>
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void send(true)}>
            {publishAt ? PAGES_TEXT.schedule : PAGES_TEXT.publish}
          </button>
          {state.draft && state.key !== NAVIGATION_KEY && (
            <a className="button button-ghost-dark" href={previewHref(state.key)} target="_blank" rel="noopener">
              {PAGES_TEXT.preview}
            </a>
          )}
          {state.draft && (
            <ActionButton
              className="button button-danger-ghost"
              onAction={() => act('DELETE', `/api/admin/pages/${state.key}/draft?version=${state.version}`)}
            >
              {PAGES_TEXT.discardDraft}
            </ActionButton>
          )}
          {state.isCustom && state.version > 0 && (
            <ConfirmButton
              label={PAGES_TEXT.deletePage}
              question={PAGES_TEXT.deleteQuestion(state.name)}
              confirmLabel={PAGES_TEXT.deletePage}
              onConfirm={async () => {
                try {
                  await adminApi('DELETE', `/api/admin/pages/${state.key}?version=${state.version}`, csrfToken);
                  setDirty(false);
                  window.location.assign('/admin/pages');
                } catch (err) {
                  refused(err);
                }
              }}
            />
          )}
        </div>
      </ScriptedForm>
      {state.key !== NAVIGATION_KEY && (
        <ShareLinks
          path={state.version > 0 ? `/api/admin/pages/${state.key}/share-links` : null}
          initial={shareLinks}
          saveFirst={PREVIEW_TEXT.saveWordsFirst}
        />
      )}
      <WordsHistory
        state={state}
        onRestore={(r) => act('POST', `/api/admin/pages/${state.key}/revisions/${r.id}/restore`, { version: state.version })}
      />
    </AdminShell>
  );
}

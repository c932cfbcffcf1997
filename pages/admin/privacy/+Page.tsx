import { ScriptedForm } from '../../../components/form/ScriptedForm.tsx';
import { type FormEvent, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { FieldError } from '../../../components/form/FieldError.tsx';
import { FIELD_MESSAGES } from '../../../shared/messages.ts';
import { ADMIN_MESSAGES, PRIVACY_REQUEST_TEXT } from '../../../shared/admin-texts.ts';
import type { ErasureResult, PersonalDataExport } from '../../../shared/privacy.ts';
import { RequestError, adminApi, errorMessage } from '../../../components/request.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { ConfirmButton } from '../ui/ConfirmButton.tsx';
import { type Notice, NoticeBox } from '../ui/Notice.tsx';
import { localDate } from '../../../shared/zoned-time.ts';
import { TitledSection } from '../ui/TitledSection.tsx';

/** Hands JSON to the browser as a file download. */
function download(filename: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Requests under the Australian Privacy Principles: export everything held about an e-mail address (access,
 * APP 12) or erase it when the person asks.
 */
export default function PrivacyPage() {
  const { csrfToken, timeZone } = usePageContext();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Remounting the confirm button after an erasure closes its question; focus returns to the address.
  const [erasures, setErasures] = useState(0);

  async function call<T>(work: () => Promise<T>, done: (result: T) => string) {
    setNotice(null);
    setFieldError(undefined);
    // The browser's own e-mail check first, so an obvious typo never reaches the server (which checks again).
    if (!input.current?.checkValidity()) {
      setFieldError(ADMIN_MESSAGES.privacyEmailInvalid);
      setNotice({ kind: 'error', text: FIELD_MESSAGES.fixErrors });
      return;
    }
    setBusy(true);
    try {
      setNotice({ kind: 'success', text: done(await work()) });
    } catch (err) {
      if (err instanceof RequestError) setFieldError(err.fields.email);
      setNotice({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  function exportData(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void call(
      () => adminApi<PersonalDataExport>('POST', '/api/admin/privacy/export', csrfToken, { email }),
      (data) => {
        download(`personal-data-${localDate(new Date(data.exportedAt), timeZone)}.json`, data);
        const counts = PRIVACY_REQUEST_TEXT.counts({
          quotes: data.quotes.length,
          contacts: data.contacts.length,
          notifications: data.notifications.length,
        });
        return PRIVACY_REQUEST_TEXT.exported(data.email, counts, data.auditEntries.length);
      },
    );
  }

  return (
    <AdminShell title={PRIVACY_REQUEST_TEXT.title}>
      <TitledSection id="request" heading={PRIVACY_REQUEST_TEXT.heading} className="admin-card privacy-card">
        <p>{PRIVACY_REQUEST_TEXT.intro}</p>
        <NoticeBox notice={notice} />
        <ScriptedForm onSubmit={exportData} noValidate>
          <div className="field">
            <label htmlFor="privacy-email">{PRIVACY_REQUEST_TEXT.email}</label>
            <input
              ref={input}
              id="privacy-email"
              name="email"
              type="email"
              autoComplete="off"
              spellCheck={false}
              required
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? 'privacy-email-error' : undefined}
            />
            <FieldError id="privacy-email-error" message={fieldError} />
          </div>
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={busy}>
              {PRIVACY_REQUEST_TEXT.export}
            </button>
          </div>
          <h3>{PRIVACY_REQUEST_TEXT.eraseHeading}</h3>
          <p className="muted">{PRIVACY_REQUEST_TEXT.eraseHint}</p>
          <ConfirmButton
            key={erasures}
            label={PRIVACY_REQUEST_TEXT.erase}
            question={PRIVACY_REQUEST_TEXT.eraseQuestion(email.trim())}
            confirmLabel={PRIVACY_REQUEST_TEXT.confirmErase}
            onConfirm={() =>
              call(
                () => adminApi<ErasureResult>('POST', '/api/admin/privacy/erase', csrfToken, { email }),
                (result) => {
                  setErasures((n) => n + 1);
                  input.current?.focus();
                  return PRIVACY_REQUEST_TEXT.erased(PRIVACY_REQUEST_TEXT.counts(result), email.trim());
                },
              )
            }
          />
        </ScriptedForm>
      </TitledSection>
    </AdminShell>
  );
}

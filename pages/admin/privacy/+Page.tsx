import { type FormEvent, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { FieldError } from '../../../components/form/FieldError.tsx';
import { ADMIN_MESSAGES, FIELD_MESSAGES } from '../../../shared/messages.ts';
import { type ErasureResult, type PersonalDataExport, describeCounts } from '../../../shared/privacy.ts';
import { RequestError, adminApi, errorMessage } from '../../../components/request.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { ConfirmButton } from '../ui/ConfirmButton.tsx';

type Notice = { kind: 'success' | 'error'; text: string } | null;

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
  const { csrfToken } = usePageContext();
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
        download(`personal-data-${data.exportedAt.slice(0, 10)}.json`, data);
        const entries = data.auditEntries.length;
        return `Downloaded the data held about ${data.email}: ${describeCounts({
          quotes: data.quotes.length,
          contacts: data.contacts.length,
          notifications: data.notifications.length,
        })}, and ${entries} audit ${entries === 1 ? 'entry' : 'entries'}.`;
      },
    );
  }

  return (
    <AdminShell title="Privacy">
      <section aria-labelledby="request-heading" className="admin-card privacy-card">
        <h2 id="request-heading">Access and erasure requests</h2>
        <p>
          When someone asks what we hold about them, or asks us to delete it, enter the email address they used on the
          contact or quote form. Both actions are recorded in the audit log.
        </p>
        <div role={notice?.kind === 'error' ? 'alert' : 'status'} className={notice ? `notice notice-${notice.kind}` : undefined}>
          {notice?.text}
        </div>
        <form onSubmit={exportData} noValidate>
          <div className="field">
            <label htmlFor="privacy-email">Email address</label>
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
              Export data
            </button>
          </div>
          <h3>Erase</h3>
          <p className="muted">
            Deletes every quote request and contact message sent with this address (in any letter case) and their
            notifications, for good. The audit log keeps who did it and how much, not the address.
          </p>
          <ConfirmButton
            key={erasures}
            label="Erase all data"
            question={`Erase everything held about ${email.trim() || 'this address'}? This cannot be undone.`}
            confirmLabel="Yes, erase all data"
            onConfirm={() =>
              call(
                () => adminApi<ErasureResult>('POST', '/api/admin/privacy/erase', csrfToken, { email }),
                (result) => {
                  setErasures((n) => n + 1);
                  input.current?.focus();
                  return `Erased ${describeCounts(result)} for ${email.trim()}.`;
                },
              )
            }
          />
        </form>
      </section>
    </AdminShell>
  );
}

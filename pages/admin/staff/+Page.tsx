import { type FormEvent, useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { FieldError } from '../../../components/form/FieldError.tsx';
import { RequestError, adminApi, errorMessage } from '../../../components/request.ts';
import { STAFF_TEXTS } from '../../../shared/messages.ts';
import type { StaffOverview } from '../../../shared/staff.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { type Notice, NoticeBox, formBody } from '../ui/Notice.tsx';
import { TableScroll } from '../ui/TableScroll.tsx';
import { formatDateTime } from '../ui/format.ts';

/** Add a person: their name and e-mail; they get a one-time link to choose a password. */
function InviteForm() {
  const { csrfToken } = usePageContext();
  const [notice, setNotice] = useState<Notice>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    setNotice(null);
    setErrors({});
    try {
      const res = await adminApi<{ message: string }>('POST', '/api/admin/staff/invitations', csrfToken, formBody(event));
      form.reset();
      setNotice({ kind: 'success', text: res.message });
    } catch (err) {
      // The form keeps what was typed: only the messages change.
      if (err instanceof RequestError) setErrors(err.fields);
      setNotice({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }
  const fields = [
    { name: 'name', label: STAFF_TEXTS.inviteName, type: 'text', auto: 'off', max: 100 },
    { name: 'email', label: STAFF_TEXTS.inviteEmail, type: 'email', auto: 'off', max: 254 },
  ];
  return (
    <section aria-labelledby="invite-heading" className="admin-card">
      <h2 id="invite-heading">{STAFF_TEXTS.inviteHeading}</h2>
      <p className="hint">{STAFF_TEXTS.inviteHint}</p>
      <NoticeBox notice={notice} />
      <form onSubmit={submit} noValidate className="invite-form">
        {fields.map((f) => (
          <div className="field" key={f.name}>
            <label htmlFor={`invite-${f.name}`}>{f.label}</label>
            <input
              id={`invite-${f.name}`}
              name={f.name}
              type={f.type}
              autoComplete={f.auto}
              required
              maxLength={f.max}
              aria-invalid={errors[f.name] ? true : undefined}
              aria-describedby={errors[f.name] ? `invite-${f.name}-error` : undefined}
            />
            <FieldError id={`invite-${f.name}-error`} message={errors[f.name]} />
          </div>
        ))}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? STAFF_TEXTS.inviting : STAFF_TEXTS.invite}
        </button>
      </form>
    </section>
  );
}

/** Every staff account and every invitation still open; a person's name opens their page (sessions, deactivation). */
export default function StaffPage() {
  const { members, invitations } = useData<StaffOverview>();
  const { timeZone, user } = usePageContext();
  return (
    <AdminShell title={STAFF_TEXTS.title}>
      <div className="staff-grid">
        <section aria-labelledby="people-heading" className="admin-card">
          <h2 id="people-heading">{STAFF_TEXTS.peopleHeading}</h2>
          <TableScroll label={STAFF_TEXTS.peopleHeading}>
            <table className="admin-table staff-table">
              <thead>
                <tr>
                  <th scope="col">{STAFF_TEXTS.name}</th>
                  <th scope="col">{STAFF_TEXTS.status}</th>
                  <th scope="col">{STAFF_TEXTS.lastSignIn}</th>
                  <th scope="col">{STAFF_TEXTS.sessions}</th>
                </tr>
              </thead>
              <tbody>
                {members.map((m) => (
                  <tr key={m.id}>
                    <td>
                      <a href={`/admin/staff/${m.id}`}>{m.name}</a>
                      {m.id === user?.id && <span className="muted small"> {STAFF_TEXTS.you}</span>}
                      <br />
                      <span className="muted small email">{m.email}</span>
                    </td>
                    <td>
                      <span className={m.active ? 'badge badge-active' : 'badge badge-inactive'}>{m.active ? STAFF_TEXTS.active : STAFF_TEXTS.inactive}</span>
                    </td>
                    <td>{m.lastSignInAt ? formatDateTime(m.lastSignInAt, timeZone) : STAFF_TEXTS.never}</td>
                    <td>{m.sessions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {invitations.length > 0 && (
            <>
              <h3 className="staff-subheading">{STAFF_TEXTS.pendingHeading}</h3>
              <ul className="pending-invitations">
                {invitations.map((i) => (
                  <li key={i.id}>
                    <strong>{i.name}</strong> <span className="wrap">{i.email}</span>
                    <br />
                    <span className="muted small">
                      {STAFF_TEXTS.invitedBy(i.invitedBy, formatDateTime(i.expiresAt, timeZone))}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <InviteForm />
      </div>
    </AdminShell>
  );
}

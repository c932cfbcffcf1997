import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { STAFF_TEXTS } from '../../../shared/messages.ts';
import type { StaffOverview } from '../../../shared/staff.ts';
import { AdminInputs, type AdminInputSpec } from '../ui/AdminInput.tsx';
import { AdminShell } from '../ui/AdminShell.tsx';
import { NoticeBox } from '../ui/Notice.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { AdminTable } from '../ui/AdminTable.tsx';
import { formatDateTime } from '../ui/format.ts';
import { useFormRequest } from '../ui/use-form-request.ts';
import { ActiveBadge } from './ActiveBadge.tsx';

const INVITE_FIELDS: AdminInputSpec[] = [
  { name: 'name', label: STAFF_TEXTS.inviteName, type: 'text', autoComplete: 'off', maxLength: 100 },
  { name: 'email', label: STAFF_TEXTS.inviteEmail, type: 'email', autoComplete: 'off', maxLength: 254 },
];

/** Add a person: their name and e-mail; they get a one-time link to choose a password. */
function InviteForm() {
  const { csrfToken } = usePageContext();
  const { notice, errors, busy, postForm } = useFormRequest();
  return (
    <section aria-labelledby="invite-heading" className="admin-card">
      <h2 id="invite-heading">{STAFF_TEXTS.inviteHeading}</h2>
      <p className="hint">{STAFF_TEXTS.inviteHint}</p>
      <NoticeBox notice={notice} />
      <form onSubmit={postForm('/api/admin/staff/invitations', csrfToken)} noValidate className="invite-form">
        <AdminInputs idPrefix="invite" fields={INVITE_FIELDS} errors={errors} />
        <SubmitButton busy={busy} label={STAFF_TEXTS.invite} busyLabel={STAFF_TEXTS.inviting} />
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
          <AdminTable
            label={STAFF_TEXTS.peopleHeading}
            className="staff-table"
            rows={members}
            rowKey={(m) => m.id}
            columns={[
              {
                header: STAFF_TEXTS.name,
                cell: (m) => (
                  <>
                    <a href={`/admin/staff/${m.id}`}>{m.name}</a>
                    {m.id === user?.id && <span className="muted small"> {STAFF_TEXTS.you}</span>}
                    <br />
                    <span className="muted small email">{m.email}</span>
                  </>
                ),
              },
              { header: STAFF_TEXTS.status, cell: (m) => <ActiveBadge active={m.active} /> },
              { header: STAFF_TEXTS.lastSignIn, cell: (m) => (m.lastSignInAt ? formatDateTime(m.lastSignInAt, timeZone) : STAFF_TEXTS.never) },
              { header: STAFF_TEXTS.sessions, cell: (m) => m.sessions },
            ]}
          />
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

import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { adminApi, errorMessage } from '../../../../components/request.ts';
import { auditQueryString } from '../../../../shared/admin.ts';
import { STAFF_TEXTS } from '../../../../shared/messages.ts';
import type { StaffPerson } from '../../../../shared/staff.ts';
import { AdminShell } from '../../ui/AdminShell.tsx';
import { ConfirmButton } from '../../ui/ConfirmButton.tsx';
import { type Notice, NoticeBox } from '../../ui/Notice.tsx';
import { AdminTable } from '../../ui/AdminTable.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { ActiveBadge } from '../ActiveBadge.tsx';

/**
 * One person's account: status, last sign-in and live sessions, with deactivate / reactivate and "end session".
 * Each change reloads the page once it is made, so what is shown is what is stored.
 */
export default function PersonPage() {
  const person = useData<StaffPerson>();
  const { timeZone, csrfToken } = usePageContext();
  const [notice, setNotice] = useState<Notice>(null);
  const base = `/api/admin/staff/${person.id}`;

  async function act(url: string) {
    setNotice(null);
    try {
      const res = await adminApi<{ message: string }>('POST', url, csrfToken, {});
      setNotice({ kind: 'success', text: res.message });
      window.location.reload();
    } catch (err) {
      setNotice({ kind: 'error', text: errorMessage(err) });
    }
  }

  return (
    <AdminShell title={person.name} actions={<a href="/admin/staff">{STAFF_TEXTS.backToStaff}</a>}>
      <NoticeBox notice={notice} />
      <div className="staff-grid">
        <section aria-labelledby="account-heading" className="admin-card">
          <h2 id="account-heading">{STAFF_TEXTS.status}</h2>
          <dl className="detail-list">
            <dt>{STAFF_TEXTS.email}</dt>
            <dd className="wrap">{person.email}</dd>
            <dt>{STAFF_TEXTS.status}</dt>
            <dd>
              <ActiveBadge active={person.active} />
            </dd>
            <dt>{STAFF_TEXTS.lastSignIn}</dt>
            <dd>{person.lastSignInAt ? formatDateTime(person.lastSignInAt, timeZone) : STAFF_TEXTS.never}</dd>
            <dt>{STAFF_TEXTS.created}</dt>
            <dd>{formatDateTime(person.createdAt, timeZone)}</dd>
          </dl>
          <p>
            <a href={`/admin/audit${auditQueryString({ person: person.id })}`}>{STAFF_TEXTS.theirActivity}</a>
          </p>
          {person.active ? (
            <ConfirmButton
              label={STAFF_TEXTS.deactivate}
              question={STAFF_TEXTS.deactivateQuestion(person.name)}
              confirmLabel={STAFF_TEXTS.deactivateConfirm}
              onConfirm={() => act(`${base}/deactivate`)}
            />
          ) : (
            <button type="button" className="button button-primary" onClick={() => act(`${base}/reactivate`)}>
              {STAFF_TEXTS.reactivate}
            </button>
          )}
        </section>
        <section aria-labelledby="sessions-heading" className="admin-card">
          <h2 id="sessions-heading">{STAFF_TEXTS.sessionsHeading}</h2>
          <p className="hint">{STAFF_TEXTS.sessionsHint}</p>
          <AdminTable
            label={STAFF_TEXTS.sessionsHeading}
            rows={person.sessionList}
            rowKey={(s) => s.ref}
            empty={<p>{STAFF_TEXTS.noSessions}</p>}
            columns={[
              { header: STAFF_TEXTS.started, cell: (s) => formatDateTime(s.startedAt, timeZone) },
              { header: STAFF_TEXTS.expires, cell: (s) => formatDateTime(s.expiresAt, timeZone) },
              {
                header: <span className="visually-hidden">{STAFF_TEXTS.endSession}</span>,
                cell: (s) => (
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`${STAFF_TEXTS.endSession}: ${formatDateTime(s.startedAt, timeZone)}`}
                    onClick={() => act(`${base}/sessions/${s.ref}/end`)}
                  >
                    {STAFF_TEXTS.endSession}
                  </button>
                ),
              },
            ]}
          />
        </section>
      </div>
    </AdminShell>
  );
}

import { ScriptedForm } from '../../../../components/form/ScriptedForm.tsx';
import { useEffect, useRef, useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { adminApi, errorMessage } from '../../../../components/request.ts';
import { auditQueryString } from '../../../../shared/admin.ts';
import { STAFF_TEXTS } from '../../../../shared/admin-texts.ts';
import { can, ROLE_TEXT } from '../../../../shared/roles.ts';
import { formBody } from '../../ui/Notice.tsx';
import { reloadWithNotice, useCarriedNotice } from '../../ui/carried-notice.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { RoleSelect } from '../RoleSelect.tsx';
import type { StaffPerson } from '../../../../shared/staff.ts';
import { AdminShell } from '../../ui/AdminShell.tsx';
import { ConfirmButton } from '../../ui/ConfirmButton.tsx';
import { type Notice, NoticeBox } from '../../ui/Notice.tsx';
import { AdminTable } from '../../ui/AdminTable.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { ActiveBadge } from '../ActiveBadge.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';

/**
 * One person's account: role, status, last sign-in and live sessions, with role change, deactivate / reactivate,
 * "end session" and (for the Owner) handing ownership over. The Owner's account is the Owner's alone to change,
 * and is never deactivated (docs/product.md#roles). Each change reloads the page once it is made, so what is shown
 * is what is stored; its notice is said after the reload, focused so it is read first.
 */
export default function PersonPage() {
  const person = useData<StaffPerson>();
  const { timeZone, csrfToken, user } = usePageContext();
  // Undefined until an action here: the page then says the notice carried across its reload, if any.
  const [notice, setNotice] = useState<Notice | undefined>(undefined);
  const carried = useCarriedNotice();
  const [busy, setBusy] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (carried) noticeRef.current?.focus();
  }, [carried]);
  const base = `/api/admin/staff/${person.id}`;
  const givenRole = person.role === 'owner' ? null : person.role;
  const isOwner = givenRole === null;
  // Only the Owner changes anything of the Owner's; an Administrator sees the account but no buttons.
  const mayChange = !isOwner || (user !== null && can(user.role, 'ownership.transfer'));
  const mayHandOver = user !== null && can(user.role, 'ownership.transfer') && person.role === 'administrator' && person.active;

  async function act(url: string, body: Record<string, string> = {}) {
    setNotice(null);
    setBusy(true);
    try {
      const res = await adminApi<{ message: string }>('POST', url, csrfToken, body);
      reloadWithNotice(res.message);
    } catch (err) {
      setNotice({ kind: 'error', text: errorMessage(err) });
      setBusy(false);
    }
  }

  return (
    <AdminShell title={person.name} actions={<a href="/admin/staff">{STAFF_TEXTS.backToStaff}</a>}>
      <NoticeBox ref={noticeRef} notice={notice === undefined && carried ? { kind: 'success', text: carried } : (notice ?? null)} />
      <div className="staff-grid">
        <TitledSection id="account" heading={STAFF_TEXTS.status} className="admin-card">
          <dl className="detail-list">
            <dt>{STAFF_TEXTS.email}</dt>
            <dd className="wrap">{person.email}</dd>
            <dt>{STAFF_TEXTS.role}</dt>
            <dd>{ROLE_TEXT.names[person.role]}</dd>
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
          {isOwner ? (
            <p className="hint">{mayChange ? ROLE_TEXT.ownerCannotBeDeactivated : ROLE_TEXT.onlyOwnerTouchesOwner}</p>
          ) : person.active ? (
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
        </TitledSection>
        {givenRole && (
          <TitledSection id="role" heading={STAFF_TEXTS.role} className="admin-card">
            <p className="hint">{ROLE_TEXT.roleHint}</p>
            <ScriptedForm
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void act(`${base}/role`, formBody(event));
              }}
            >
              <RoleSelect id="person-role" initial={givenRole} />
              <SubmitButton busy={busy} label={ROLE_TEXT.changeRole} busyLabel={ROLE_TEXT.changingRole} />
            </ScriptedForm>
            {mayHandOver && (
              <>
                <h3 className="staff-subheading">{ROLE_TEXT.transferHeading}</h3>
                <p className="hint">{ROLE_TEXT.transferHint(person.name)}</p>
                <ConfirmButton
                  label={ROLE_TEXT.transfer}
                  question={ROLE_TEXT.transferQuestion(person.name)}
                  confirmLabel={ROLE_TEXT.transferConfirm}
                  onConfirm={() => act(`${base}/ownership`)}
                />
              </>
            )}
          </TitledSection>
        )}
        <TitledSection id="sessions" heading={STAFF_TEXTS.sessionsHeading} className="admin-card">
          <p className="hint">{STAFF_TEXTS.sessionsHint}</p>
          <AdminTable
            label={STAFF_TEXTS.sessionsHeading}
            rows={person.sessionList}
            rowKey={(s) => s.ref}
            empty={<p>{STAFF_TEXTS.noSessions}</p>}
            columns={[
              {
                header: STAFF_TEXTS.device,
                cell: (s) => (
                  <>
                    {s.device ? STAFF_TEXTS.deviceText(s.device.browser, s.device.system, s.device.network) : STAFF_TEXTS.deviceUnknown}
                    {s.current && (
                      <>
                        {' '}
                        <span className="badge badge-published">{STAFF_TEXTS.thisDevice}</span>
                      </>
                    )}
                  </>
                ),
              },
              { header: STAFF_TEXTS.started, cell: (s) => formatDateTime(s.startedAt, timeZone) },
              { header: STAFF_TEXTS.expires, cell: (s) => formatDateTime(s.expiresAt, timeZone) },
              {
                header: <span className="visually-hidden">{STAFF_TEXTS.endSession}</span>,
                cell: (s) =>
                  mayChange && (
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
        </TitledSection>
      </div>
    </AdminShell>
  );
}

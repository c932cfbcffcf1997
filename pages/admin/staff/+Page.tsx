import { ScriptedForm } from '../../../components/form/ScriptedForm.tsx';
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { STAFF_TEXTS } from '../../../shared/admin-texts.ts';
import { ROLE_TEXT, can } from '../../../shared/roles.ts';
import type { PendingInvitation, StaffOverview } from '../../../shared/staff.ts';
import { AdminInputs, type AdminInputSpec } from '../ui/AdminInput.tsx';
import { AdminShell } from '../ui/AdminShell.tsx';
import { NoticeBox } from '../ui/Notice.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { AdminTable } from '../ui/AdminTable.tsx';
import { formatDateTime } from '../ui/format.ts';
import { useFormRequest } from '../ui/use-form-request.ts';
import { SwitchCard, type SwitchSetting } from '../ui/SwitchCard.tsx';
import { ActiveBadge } from './ActiveBadge.tsx';
import { RoleSelect } from './RoleSelect.tsx';
import { CopyInvitationLink, InvitationList } from './InvitationList.tsx';
import { TitledSection } from '../ui/TitledSection.tsx';

const INVITE_FIELDS: AdminInputSpec[] = [
  { name: 'name', label: STAFF_TEXTS.inviteName, type: 'text', autoComplete: 'off', maxLength: 100 },
  { name: 'email', label: STAFF_TEXTS.inviteEmail, type: 'email', autoComplete: 'off', maxLength: 254 },
];

type InviteAnswer = { message: string; invitations: PendingInvitation[]; invitationId: string };

/**
 * Add a person: their name and e-mail; they get a one-time link to choose a password. Without e-mail set up, the
 * notice says the e-mail waits and offers the link to hand over another way.
 */
function InviteForm({ onInvited, mailConfigured }: { onInvited: (invitations: PendingInvitation[]) => void; mailConfigured: boolean }) {
  const { csrfToken } = usePageContext();
  const { notice, errors, busy, postForm } = useFormRequest();
  const [queued, setQueued] = useState<PendingInvitation | null>(null);
  return (
    <TitledSection id="invite" heading={STAFF_TEXTS.inviteHeading} className="admin-card">
      <p className="hint">{STAFF_TEXTS.inviteHint}</p>
      <NoticeBox notice={notice}>
        {notice?.kind === 'success' && queued && <CopyInvitationLink key={queued.id} invitation={queued} />}
      </NoticeBox>
      <ScriptedForm
        onSubmit={postForm<InviteAnswer>('/api/admin/staff/invitations', csrfToken, (answer) => {
          onInvited(answer.invitations);
          setQueued(mailConfigured ? null : (answer.invitations.find((i) => i.id === answer.invitationId) ?? null));
        })}
        noValidate
        className="invite-form"
      >
        <AdminInputs idPrefix="invite" fields={INVITE_FIELDS} errors={errors} />
        <RoleSelect id="invite-role" error={errors.role} />
        <SubmitButton busy={busy} label={STAFF_TEXTS.invite} busyLabel={STAFF_TEXTS.inviting} />
      </ScriptedForm>
    </TitledSection>
  );
}

/** The Owner's sign-in policy: two-step sign-in for everyone who sees leads (docs/product.md#roles). */
const SIGN_IN_POLICY: SwitchSetting = {
  id: 'policy-two-step',
  texts: ROLE_TEXT.policy,
  url: '/api/admin/staff/sign-in-policy',
  field: 'twoStepForLeads',
};

/** Every staff account and every invitation still open; a person's name opens their page (sessions, deactivation). */
export default function StaffPage() {
  const data = useData<StaffOverview>();
  const { members, signInPolicy } = data;
  const [invitations, setInvitations] = useState(data.invitations);
  const { timeZone, user } = usePageContext();
  return (
    <AdminShell title={STAFF_TEXTS.title}>
      <div className="staff-grid">
        <TitledSection id="people" heading={STAFF_TEXTS.peopleHeading} className="admin-card">
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
              { header: STAFF_TEXTS.role, cell: (m) => ROLE_TEXT.names[m.role] },
              { header: STAFF_TEXTS.status, cell: (m) => <ActiveBadge active={m.active} /> },
              {
                header: STAFF_TEXTS.lastSignIn,
                cell: (m) => (m.lastSignInAt ? formatDateTime(m.lastSignInAt, timeZone) : STAFF_TEXTS.never),
              },
              { header: STAFF_TEXTS.sessions, cell: (m) => m.sessions },
            ]}
          />
          {invitations.length > 0 && <InvitationList invitations={invitations} mailConfigured={data.mailConfigured} />}
        </TitledSection>
        <div className="staff-side">
          <InviteForm onInvited={setInvitations} mailConfigured={data.mailConfigured} />
          {user && can(user.role, 'ownership.transfer') && <SwitchCard setting={SIGN_IN_POLICY} initial={signInPolicy.twoStepForLeads} />}
        </div>
      </div>
    </AdminShell>
  );
}

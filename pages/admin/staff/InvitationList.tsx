import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { adminApi, errorMessage } from '../../../components/request.ts';
import { STAFF_TEXTS } from '../../../shared/admin-texts.ts';
import { ROLE_TEXT } from '../../../shared/roles.ts';
import type { PendingInvitation } from '../../../shared/staff.ts';
import { EmailAddress } from '../ui/EmailAddress.tsx';
import { formatDateTime } from '../ui/format.ts';

/**
 * The invitations of the last 30 days, each with where it stands (its e-mail queued, sent or failed; accepted;
 * expired; why it is queued when e-mail is not set up) and, while it is open, "Copy link" to hand the link over
 * another way.
 */
export function InvitationList({ invitations, mailConfigured }: { invitations: PendingInvitation[]; mailConfigured: boolean }) {
  return (
    <>
      <h3 className="staff-subheading">{STAFF_TEXTS.pendingHeading}</h3>
      <ul className="pending-invitations">
        {invitations.map((i) => (
          <li key={i.id}>
            <strong>{i.name}</strong> <EmailAddress email={i.email} /> · {ROLE_TEXT.names[i.role]}{' '}
            <span className={`badge badge-invitation-${i.state}`}>{STAFF_TEXTS.invitationStates[i.state]}</span>
            {i.state === 'queued' && !mailConfigured && <span className="muted small"> {STAFF_TEXTS.queuedWithoutMail}</span>}
            <br />
            <InvitationFacts invitation={i} />
          </li>
        ))}
      </ul>
    </>
  );
}

function InvitationFacts({ invitation }: { invitation: PendingInvitation }) {
  const { timeZone } = usePageContext();
  const open = invitation.state !== 'accepted' && invitation.state !== 'expired';
  return (
    <>
      <span className="muted small">
        {open
          ? STAFF_TEXTS.invitedBy(invitation.invitedBy, formatDateTime(invitation.expiresAt, timeZone))
          : STAFF_TEXTS.invitedByOnly(invitation.invitedBy)}
      </span>
      {invitation.linkAvailable && <CopyInvitationLink invitation={invitation} />}
    </>
  );
}

/** "Copy link" for an open invitation; where the clipboard is refused, the link is shown to copy by hand. */
export function CopyInvitationLink({ invitation }: { invitation: Pick<PendingInvitation, 'id' | 'name'> }) {
  const { csrfToken } = usePageContext();
  const [link, setLink] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function copy() {
    setMessage(null);
    try {
      const { link: url } = await adminApi<{ link: string }>('POST', `/api/admin/staff/invitations/${invitation.id}/link`, csrfToken, {});
      try {
        await navigator.clipboard.writeText(url);
        setMessage(STAFF_TEXTS.linkCopied);
      } catch {
        setLink(url);
      }
    } catch (err) {
      setMessage(errorMessage(err));
    }
  }

  return (
    <div className="invitation-link">
      <button
        type="button"
        className="button button-small"
        onClick={() => void copy()}
        aria-label={STAFF_TEXTS.copyLinkFor(invitation.name)}
      >
        {STAFF_TEXTS.copyLink}
      </button>
      <span role="status" className="inline-status">
        {message}
      </span>
      {link && (
        <label className="invitation-link-text">
          {STAFF_TEXTS.copyByHand}
          <input type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        </label>
      )}
    </div>
  );
}

/**
 * Staff accounts as the admin's Staff pages show them (docs/product.md#roles: every staff member may manage them; no
 * finer roles). Dates are ISO-8601 strings.
 */

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  active: boolean;
  lastSignInAt: string | null;
  /** Sessions that have not expired. */
  sessions: number;
  createdAt: string;
}

export interface PendingInvitation {
  id: string;
  name: string;
  email: string;
  invitedBy: string | null;
  expiresAt: string;
}

export interface StaffOverview {
  members: StaffMember[];
  invitations: PendingInvitation[];
}

export interface StaffSessionInfo {
  /** The stored session's key (a hash of its id: it signs no one in), used to end it. */
  ref: string;
  startedAt: string;
  expiresAt: string;
}

export interface StaffPerson extends StaffMember {
  sessionList: StaffSessionInfo[];
}

/** What the invitation page shows before the invitee chooses a password; null when the link does not work. */
export interface InvitationView {
  name: string;
  email: string;
}

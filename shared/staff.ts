import type { AssignableRole, Role } from './roles.ts';

/** The signed-in staff member, as pages see them (never the password hash). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** What they may do is the role's row in shared/roles.ts; read again on every request, so a change applies at once. */
  role: Role;
  /** Two-step sign-in is required for them (REQUIRE_2FA, or the sign-in policy for their role) and not set up yet. */
  mustSetUpTwoFactor: boolean;
}

/**
 * Staff accounts as the admin's Staff pages show them (docs/product.md#roles: people who may manage staff).
 * Dates are ISO-8601 strings.
 */

/** Who must use two-step sign-in beyond REQUIRE_2FA: set by the Owner (docs/product.md#roles). */
export interface SignInPolicy {
  /** Everyone whose role sees leads (Owner, Administrators, Sales) must have an authenticator app or a passkey. */
  twoStepForLeads: boolean;
}

export const DEFAULT_SIGN_IN_POLICY: SignInPolicy = { twoStepForLeads: false };

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
  role: Role;
}

/** Where an invitation is: its e-mail waiting, sent or failed in the outbox, or the invitation used or expired. */
export const INVITATION_STATES = ['queued', 'sent', 'failed', 'accepted', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export interface PendingInvitation {
  id: string;
  name: string;
  email: string;
  invitedBy: string | null;
  expiresAt: string;
  role: AssignableRole;
  state: InvitationState;
  /** Whether its link can still be copied (open, and its token kept). */
  linkAvailable: boolean;
}

export interface StaffOverview {
  members: StaffMember[];
  invitations: PendingInvitation[];
  signInPolicy: SignInPolicy;
  /** Whether e-mail can be sent (SMTP_URL): without it invitations wait in the outbox, and the page says why. */
  mailConfigured: boolean;
}

export interface StaffSessionInfo {
  /** The stored session's key (a hash of its id: it signs no one in), used to end it. */
  ref: string;
  startedAt: string;
  expiresAt: string;
  /** What it was signed in from; null for sessions from before this was kept. */
  device: { browser: string; system: string; network: string } | null;
  /** The session of the person looking at the list ("This device"). */
  current: boolean;
}

export interface StaffPerson extends StaffMember {
  sessionList: StaffSessionInfo[];
}

/** What the invitation page shows before the invitee chooses a password; null when the link does not work. */
export interface InvitationView {
  name: string;
  email: string;
}

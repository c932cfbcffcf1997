import { type Request, Router } from 'express';
import { STAFF_MESSAGES } from '../../shared/admin-texts.ts';
import { ROLE_TEXT } from '../../shared/roles.ts';
import { AppError } from '../core/errors.ts';
import { AcceptInvitationSchema, InvitationSchema, RoleChangeSchema, SignInPolicySchema } from '../../shared/schemas/staff.ts';
import { ADMIN_BODY_LIMIT, SIGN_IN_BODY_LIMIT, adminBodyParsers } from '../http/admin-body.ts';
import { actorOf, parseBody, wantsJson } from '../http/admin-request.ts';
import { type SignInCompletion, completeSignIn } from './complete-sign-in.ts';
import { allow, openToAll, requireStaff } from './require-staff.ts';
import type { StaffActor } from './staff-accounts.ts';
import type { StaffService } from './users.ts';

/** The signed-in person with their role: what they may do to an account depends on whether they are the Owner. */
function staffActor(req: Request): StaffActor {
  return { ...actorOf(req), role: req.user!.role };
}

/**
 * Staff accounts from the admin: invite, change roles, deactivate and reactivate, end a person's session, hand
 * ownership over (docs/product.md#roles). And the one route open without a session: an invitee choosing a password.
 */
export function adminStaffRouter(staff: StaffService, completion: SignInCompletion): Router {
  const router = Router();
  router.use('/api/admin/staff', requireStaff(), ...adminBodyParsers(ADMIN_BODY_LIMIT));

  router.post('/api/admin/staff/invitations', allow('staff.manage'), async (req, res) => {
    const input = parseBody(InvitationSchema, req.body);
    const { id, message } = await staff.invite({ ...actorOf(req), name: req.user!.name }, input);
    // The list as it is now, so the page shows the new invitation and its e-mail's state without a reload.
    const { invitations } = await staff.overview();
    res.json({ message, invitations, invitationId: id });
  });

  router.put('/api/admin/staff/sign-in-policy', allow('ownership.transfer'), async (req, res) => {
    const input = parseBody(SignInPolicySchema, req.body);
    // The Owner sees leads too: turned on without a second factor of their own, it would hold them at once.
    if (input.twoStepForLeads && !(await staff.findUser(req.user!.id))?.hasTwoFactor)
      throw new AppError('ABORTED', ROLE_TEXT.policyNeedsOwnFactor);
    const policy = await staff.signInPolicy.save(actorOf(req), input);
    res.json({ message: ROLE_TEXT.policySaved(policy.twoStepForLeads), policy });
  });

  router.post('/api/admin/staff/:id/role', allow('staff.manage'), async (req, res) => {
    const { role } = parseBody(RoleChangeSchema, req.body);
    res.json({ message: await staff.changeRole(staffActor(req), String(req.params.id), role) });
  });

  router.post('/api/admin/staff/:id/ownership', allow('ownership.transfer'), async (req, res) => {
    res.json({ message: await staff.transferOwnership(staffActor(req), String(req.params.id)) });
  });

  router.post('/api/admin/staff/:id/deactivate', allow('staff.manage'), async (req, res) => {
    res.json({ message: await staff.deactivate(staffActor(req), String(req.params.id)) });
  });

  router.post('/api/admin/staff/:id/reactivate', allow('staff.manage'), async (req, res) => {
    res.json({ message: await staff.reactivate(staffActor(req), String(req.params.id)) });
  });

  router.post('/api/admin/staff/invitations/:id/link', allow('staff.manage'), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ link: await staff.invitationLink(actorOf(req), String(req.params.id)) });
  });

  router.post('/api/admin/staff/:id/sessions/:ref/end', allow('staff.manage'), async (req, res) => {
    await staff.endSession(staffActor(req), String(req.params.id), String(req.params.ref));
    res.json({ message: STAFF_MESSAGES.sessionEnded });
  });

  // The invitation's token is the credential here; it is 256 random bits, so guessing needs no throttle. The page
  // posts JSON when its script runs and a plain form when it does not: then each answer is a redirect, a refusal
  // back to the page with the field it is about (`error`), which the page shows beside that field.
  router.post('/api/admin/invitation', openToAll, ...adminBodyParsers(SIGN_IN_BODY_LIMIT), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const token = typeof req.body?.token === 'string' ? (req.body.token as string) : '';
    let userId: string;
    try {
      const input = parseBody(AcceptInvitationSchema, req.body);
      userId = await staff.acceptInvitation(input.token, input.password, req.ip ?? null);
    } catch (err) {
      if (wantsJson(req) || !(err instanceof AppError)) throw err;
      const field = Object.keys((err.details as { fields?: Record<string, string> } | undefined)?.fields ?? {})[0];
      const error = field ?? (err.status === 404 ? 'invalid' : 'exists');
      return res.redirect(303, `/admin/invitation?${new URLSearchParams({ token, error }).toString()}`);
    }
    // Accepting signs the person in, as a sign-in would (a second factor the policy asks for is set up next).
    const user = await staff.sessionUser((await staff.findUser(userId))!);
    await completeSignIn(req, res, completion, user, 'auth.sign_in');
    const redirect = user.mustSetUpTwoFactor ? '/admin/account' : '/admin/dashboard';
    if (wantsJson(req)) res.json({ message: STAFF_MESSAGES.invitationAccepted, redirect });
    else res.redirect(303, redirect);
  });

  return router;
}

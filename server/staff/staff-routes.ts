import { Router } from 'express';
import { STAFF_MESSAGES } from '../../shared/messages.ts';
import { AcceptInvitationSchema, InvitationSchema } from '../../shared/schemas/staff.ts';
import { ADMIN_BODY_LIMIT, SIGN_IN_BODY_LIMIT, adminBodyParsers } from '../http/admin-body.ts';
import { actorOf, parseBody } from '../http/admin-request.ts';
import { requireStaff } from './require-staff.ts';
import type { StaffService } from './users.ts';

/**
 * Staff accounts from the admin: invite, deactivate and reactivate, end a person's session (any signed-in staff
 * member; docs/product.md#roles has no finer roles). And the one route open without a session: an invitee choosing
 * a password.
 */
export function adminStaffRouter(staff: StaffService): Router {
  const router = Router();
  router.use('/api/admin/staff', requireStaff(), ...adminBodyParsers(ADMIN_BODY_LIMIT));

  router.post('/api/admin/staff/invitations', async (req, res) => {
    const input = parseBody(InvitationSchema, req.body);
    await staff.invite({ ...actorOf(req), name: req.user!.name }, input);
    res.json({ message: STAFF_MESSAGES.invited(input.email.toLowerCase()) });
  });

  router.post('/api/admin/staff/:id/deactivate', async (req, res) => {
    res.json({ message: await staff.deactivate(actorOf(req), String(req.params.id)) });
  });

  router.post('/api/admin/staff/:id/reactivate', async (req, res) => {
    res.json({ message: await staff.reactivate(actorOf(req), String(req.params.id)) });
  });

  router.post('/api/admin/staff/:id/sessions/:ref/end', async (req, res) => {
    await staff.endSession(actorOf(req), String(req.params.id), String(req.params.ref));
    res.json({ message: STAFF_MESSAGES.sessionEnded });
  });

  // The invitation's token is the credential here; it is 256 random bits, so guessing needs no throttle.
  router.post('/api/admin/invitation', ...adminBodyParsers(SIGN_IN_BODY_LIMIT), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const input = parseBody(AcceptInvitationSchema, req.body);
    await staff.acceptInvitation(input.token, input.password, req.ip ?? null);
    res.json({ message: STAFF_MESSAGES.invitationAccepted, redirect: '/admin/login?invited=1' });
  });

  return router;
}

import { Router } from 'express';

/**
 * The lead forms posted without JavaScript. Their spam check runs in the browser, so such a post cannot be
 * accepted: the body is never read, and the visitor is sent back to the form (303, so a reload does not post
 * again) with a notice saying nothing was sent and what is needed. Posting rather than the default GET keeps
 * names, addresses and messages out of URLs, logs and history.
 */
export function noScriptFormsRouter(): Router {
  const router = Router();
  router.post(['/contact', '/quote'], (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, `${req.path}?script=required`);
  });
  return router;
}

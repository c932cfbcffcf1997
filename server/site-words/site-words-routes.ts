import { Router } from 'express';
import { z } from 'zod';
import { PAGES_TEXT } from '../../shared/pages-texts.ts';
import { formatDateTime } from '../../shared/zoned-time.ts';
import { POST_BODY_LIMIT, adminBodyParsers } from '../http/admin-body.ts';
import { actorOf } from '../http/admin-request.ts';
import { allow, requireStaff } from '../staff/require-staff.ts';
import type { SettingsReader } from '../settings/settings-service.ts';
import type { SiteWordsService } from './site-words-service.ts';
import type { WordsPreviews } from './words-previews.ts';

/** When a publish is to happen (an ISO time from the editor); absent, empty or unreadable: at once. */
const PublishAtSchema = z.iso.datetime().nullish().catch(null);

/** The version a write starts from (what the form was opened with); a missing or bad one counts as "never saved". */
const VersionSchema = z.coerce.number().int().min(0).catch(0);

/** The pages' words' JSON API (/admin/pages): the rules, the history and the audit entries are the service's. */
export function adminSiteWordsRouter(words: SiteWordsService, settings: SettingsReader, timeZone: string, previews: WordsPreviews): Router {
  const router = Router();
  const name = async () => (await settings.current()).name;
  // A page staff made has a body as long as a post's.
  router.use('/api/admin/pages', requireStaff(), ...adminBodyParsers(POST_BODY_LIMIT));

  router.get('/api/admin/pages', allow('pages.edit'), async (_req, res) => {
    res.json(await words.list(await name()));
  });

  router.get('/api/admin/pages/:key', allow('pages.edit'), async (req, res) => {
    res.json(await words.editorState(String(req.params.key), await name(), actorOf(req)));
  });

  router.put('/api/admin/pages/:key/autosave', allow('pages.edit'), async (req, res) => {
    res.json(await words.autosave(String(req.params.key), req.body, actorOf(req)));
  });

  router.delete('/api/admin/pages/:key/autosave', allow('pages.edit'), async (req, res) => {
    await words.discardAutosave(String(req.params.key), actorOf(req));
    res.status(204).end();
  });

  /** `{ words, version, publish }`: the form's words saved as the draft, or published. */
  router.put('/api/admin/pages/:key', allow('pages.edit'), async (req, res) => {
    const body = (req.body ?? {}) as { words?: unknown; version?: unknown; publish?: unknown; publishAt?: unknown };
    const publish = body.publish === true;
    const state = await words.save(String(req.params.key), body.words, {
      version: VersionSchema.parse(body.version),
      publish,
      publishAt: PublishAtSchema.parse(body.publishAt),
      actor: actorOf(req),
      name: await name(),
    });
    const message = state.scheduledAt
      ? PAGES_TEXT.scheduledNotice(formatDateTime(state.scheduledAt, timeZone))
      : publish
        ? PAGES_TEXT.publishedNotice
        : PAGES_TEXT.draftSavedNotice;
    res.json({ message, state });
  });

  /** A page staff made, deleted with its history. */
  router.delete('/api/admin/pages/:key', allow('pages.edit'), async (req, res) => {
    await words.deletePage(String(req.params.key), { version: VersionSchema.parse(req.query.version), actor: actorOf(req) });
    res.json({ message: PAGES_TEXT.deleted });
  });

  router.delete('/api/admin/pages/:key/draft', allow('pages.edit'), async (req, res) => {
    const state = await words.discardDraft(String(req.params.key), {
      version: VersionSchema.parse(req.query.version),
      actor: actorOf(req),
      name: await name(),
    });
    res.json({ message: PAGES_TEXT.discardedNotice, state });
  });

  /** Links that show the page's draft to anyone holding one, as a post's do (docs/product.md#site-words). */
  router.get('/api/admin/pages/:key/share-links', allow('pages.edit'), async (req, res) => {
    res.json(await previews.links(String(req.params.key)));
  });

  router.post('/api/admin/pages/:key/share-links', allow('pages.edit'), async (req, res) => {
    res.status(201).json(await previews.createLink(String(req.params.key), { actor: actorOf(req), name: req.user!.name }));
  });

  router.delete('/api/admin/pages/:key/share-links/:linkId', allow('pages.edit'), async (req, res) => {
    await previews.revokeLink(String(req.params.key), String(req.params.linkId), { actor: actorOf(req) });
    res.status(204).end();
  });

  router.get('/api/admin/pages/:key/revisions/:revisionId/diff', allow('pages.edit'), async (req, res) => {
    res.json(await words.diff(String(req.params.key), String(req.params.revisionId), await name()));
  });

  router.post('/api/admin/pages/:key/revisions/:revisionId/restore', allow('pages.edit'), async (req, res) => {
    const { version } = (req.body ?? {}) as { version?: unknown };
    const state = await words.restore(String(req.params.key), String(req.params.revisionId), {
      version: VersionSchema.parse(version),
      actor: actorOf(req),
      name: await name(),
    });
    res.json({ message: PAGES_TEXT.restoredNotice, state });
  });

  return router;
}

import { type Request, Router } from 'express';
import { z } from 'zod';
import type { BlogPostInput } from '../../shared/schemas/blog-post.ts';
import { allow, requireStaff } from '../staff/require-staff.ts';
import { AppError } from '../core/errors.ts';
import type { BlogService, WriteContext } from './blog-service.ts';
import { POST_BODY_LIMIT, adminBodyParsers } from '../http/admin-body.ts';
import { actorOf } from '../http/admin-request.ts';
import { API_MESSAGES, MESSAGES } from '../../shared/messages.ts';
import { EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import { listedCreator, type Writer } from './post-access.ts';
import type { PreviewService } from './post-previews.ts';

/** The signed-in person as the blog service's role checks see them (post-access.ts). */
function writerOf(req: Request): Writer {
  return { userId: req.user!.id, role: req.user!.role };
}

function by(req: Request): WriteContext & Required<Pick<WriteContext, 'actor' | 'writer'>> {
  return { actor: actorOf(req), writer: writerOf(req) };
}

/**
 * The editor's JSON API: validation, slugs, redirects, sanitising, the audit entries and who may change which post
 * (an Author only their own drafts) are the blog service's; a post's share links are the preview service's, under
 * the same rule.
 */
export function adminBlogRouter(blog: BlogService, previews: PreviewService): Router {
  const router = Router();
  router.use('/api/admin/posts', requireStaff(), ...adminBodyParsers(POST_BODY_LIMIT));

  router.get('/api/admin/posts', allow('posts.write'), async (req, res) => {
    const cursor = typeof req.query.cursor === 'string' ? req.query.cursor : null;
    res.json(await blog.listAllPosts({ cursor, createdBy: listedCreator(writerOf(req)) }));
  });

  router.get('/api/admin/posts/:id', allow('posts.write'), async (req, res) => {
    const state = await blog.editorState(String(req.params.id), writerOf(req));
    if (!state?.post) throw new AppError('NOT_FOUND', MESSAGES.blogNotFound);
    res.json(state.post);
  });

  // The editor's Idempotency-Key for a new post is the id the post gets: a first save sent again (its answer lost)
  // goes over the post it made instead of making a second one.
  router.post('/api/admin/posts', allow('posts.write'), async (req, res) => {
    const key = req.get('Idempotency-Key');
    if (key !== undefined && !z.uuid().safeParse(key).success) throw new AppError('INVALID_ARGUMENT', API_MESSAGES.postKeyInvalid);
    const post = await blog.createPost(req.body as BlogPostInput, by(req), key?.toLowerCase());
    res.status(201).json(post);
  });

  router.put('/api/admin/posts/:id', allow('posts.write'), async (req, res) => {
    const post = await blog.updatePost(String(req.params.id), req.body as BlogPostInput, by(req));
    res.json(post);
  });

  /** An Author's draft goes to the Editors for review (they are e-mailed). */
  router.post('/api/admin/posts/:id/submit', allow('posts.write'), async (req, res) => {
    await blog.submitForReview(String(req.params.id), { ...by(req), authorName: req.user!.name });
    res.json({ message: EDITOR_MESSAGES.submitted });
  });

  /** The post's history, newest first. */
  router.get('/api/admin/posts/:id/revisions', allow('posts.write'), async (req, res) => {
    const state = await blog.editorState(String(req.params.id), writerOf(req));
    if (!state) throw new AppError('NOT_FOUND', MESSAGES.blogNotFound);
    res.json(state.revisions);
  });

  /** What changed from that version to the post as it is now. */
  router.get('/api/admin/posts/:id/revisions/:revisionId/diff', allow('posts.write'), async (req, res) => {
    res.json(await blog.revisionDiff(String(req.params.id), String(req.params.revisionId), writerOf(req)));
  });

  router.post('/api/admin/posts/:id/revisions/:revisionId/restore', allow('posts.write'), async (req, res) => {
    res.json(await blog.restoreRevision(String(req.params.id), String(req.params.revisionId), by(req)));
  });

  // `new` stands for the post the signed-in person has not created yet.
  const autosaveTarget = (id: unknown) => (id === 'new' ? null : String(id));
  router.put('/api/admin/posts/:id/autosave', allow('posts.write'), async (req, res) => {
    res.json(await blog.autosave(autosaveTarget(req.params.id), req.body, by(req)));
  });

  router.delete('/api/admin/posts/:id/autosave', allow('posts.write'), async (req, res) => {
    await blog.discardAutosave(autosaveTarget(req.params.id), actorOf(req));
    res.status(204).end();
  });

  /** Links that show the post's preview to anyone holding one (docs/product.md#blog-editor). */
  router.get('/api/admin/posts/:id/share-links', allow('posts.write'), async (req, res) => {
    res.json(await previews.links(String(req.params.id), writerOf(req)));
  });

  router.post('/api/admin/posts/:id/share-links', allow('posts.write'), async (req, res) => {
    res.status(201).json(await previews.createLink(String(req.params.id), { ...by(req), name: req.user!.name }));
  });

  router.delete('/api/admin/posts/:id/share-links/:linkId', allow('posts.write'), async (req, res) => {
    await previews.revokeLink(String(req.params.id), String(req.params.linkId), by(req));
    res.status(204).end();
  });

  router.delete('/api/admin/posts/:id', allow('posts.publish'), async (req, res) => {
    await blog.deletePost(String(req.params.id), { actor: actorOf(req) });
    res.status(204).end();
  });

  return router;
}

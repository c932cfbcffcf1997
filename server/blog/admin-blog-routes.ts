import { Router } from 'express';
import type { BlogPostInput } from '../../shared/schemas/blog-post.ts';
import { requireStaff } from '../staff/require-staff.ts';
import { AppError } from '../core/errors.ts';
import type { BlogService } from './blog-service.ts';
import { POST_BODY_LIMIT, adminBodyParsers } from '../http/admin-body.ts';
import { actorOf } from '../http/admin-request.ts';
import { MESSAGES } from '../../shared/messages.ts';

/** The editor's JSON API: validation, slugs, redirects, sanitising and the audit entries are the blog service's. */
export function adminBlogRouter(blog: BlogService): Router {
  const router = Router();
  router.use('/api/admin/posts', requireStaff(), ...adminBodyParsers(POST_BODY_LIMIT));

  router.get('/api/admin/posts', async (req, res) => {
    const cursor = typeof req.query.cursor === 'string' ? req.query.cursor : null;
    res.json(await blog.listAllPosts({ cursor }));
  });

  router.get('/api/admin/posts/:id', async (req, res) => {
    const post = await blog.getPostById(String(req.params.id));
    if (!post) throw new AppError('NOT_FOUND', MESSAGES.blogNotFound);
    res.json(post);
  });

  router.post('/api/admin/posts', async (req, res) => {
    const post = await blog.createPost(req.body as BlogPostInput, { actor: actorOf(req) });
    res.status(201).json(post);
  });

  router.put('/api/admin/posts/:id', async (req, res) => {
    const post = await blog.updatePost(String(req.params.id), req.body as BlogPostInput, { actor: actorOf(req) });
    res.json(post);
  });

  /** The post's history, newest first. */
  router.get('/api/admin/posts/:id/revisions', async (req, res) => {
    const state = await blog.editorState(String(req.params.id), req.user!.id);
    if (!state) throw new AppError('NOT_FOUND', MESSAGES.blogNotFound);
    res.json(state.revisions);
  });

  router.post('/api/admin/posts/:id/revisions/:revisionId/restore', async (req, res) => {
    res.json(await blog.restoreRevision(String(req.params.id), String(req.params.revisionId), { actor: actorOf(req) }));
  });

  // `new` stands for the post the signed-in person has not created yet.
  const autosaveTarget = (id: unknown) => (id === 'new' ? null : String(id));
  router.put('/api/admin/posts/:id/autosave', async (req, res) => {
    res.json(await blog.autosave(autosaveTarget(req.params.id), req.body, { actor: actorOf(req) }));
  });

  router.delete('/api/admin/posts/:id/autosave', async (req, res) => {
    await blog.discardAutosave(autosaveTarget(req.params.id), actorOf(req));
    res.status(204).end();
  });

  router.delete('/api/admin/posts/:id', async (req, res) => {
    await blog.deletePost(String(req.params.id), { actor: actorOf(req) });
    res.status(204).end();
  });

  return router;
}

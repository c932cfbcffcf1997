import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import type { BlogPost } from '../../shared/blog.ts';
import type { BlogPostInput } from '../../shared/schemas/blog-post.ts';
import { requireStaff } from '../auth/require-staff.ts';
import { AppError } from '../errors.ts';
import { type Actor, recordAudit } from '../services/audit.ts';
import type { BlogService } from '../services/blog.ts';
import { adminBodyParsers } from './admin-body.ts';
import { actorOf } from './admin-request.ts';

function isPublic(post: BlogPost, now = Date.now()): boolean {
  return post.published && Date.parse(post.publishedAt) <= now;
}

/** A publish (or a scheduled publish) is audited as such; any other save as an update. */
async function auditSave(db: Db, actor: Actor, before: BlogPost | null, after: BlogPost): Promise<void> {
  const target = `${after.id} ${after.slug}`;
  if (!before) await recordAudit(db, actor, 'post.created', target);
  const newlyPublished = after.published && !before?.published;
  if (newlyPublished) await recordAudit(db, actor, 'post.published', `${target}${isPublic(after) ? '' : ` (scheduled ${after.publishedAt})`}`);
  else if (before) await recordAudit(db, actor, 'post.updated', target);
}

/** The editor's JSON API: validation, slugs, redirects and sanitising are the blog service's. */
export function adminBlogRouter(db: Db, blog: BlogService): Router {
  const router = Router();
  router.use('/api/admin/posts', requireStaff(), ...adminBodyParsers);

  router.get('/api/admin/posts', async (req, res) => {
    const cursor = typeof req.query.cursor === 'string' ? req.query.cursor : null;
    res.json(await blog.listAllPosts({ cursor }));
  });

  router.get('/api/admin/posts/:id', async (req, res) => {
    const post = await blog.getPostById(String(req.params.id));
    if (!post) throw new AppError('NOT_FOUND', 'Blog post not found');
    res.json(post);
  });

  router.post('/api/admin/posts', async (req, res) => {
    const post = await blog.createPost(req.body as BlogPostInput);
    await auditSave(db, actorOf(req), null, post);
    res.status(201).json(post);
  });

  router.put('/api/admin/posts/:id', async (req, res) => {
    const before = await blog.getPostById(String(req.params.id));
    if (!before) throw new AppError('NOT_FOUND', 'Blog post not found');
    const post = await blog.updatePost(before.id, req.body as BlogPostInput);
    await auditSave(db, actorOf(req), before, post);
    res.json(post);
  });

  router.delete('/api/admin/posts/:id', async (req, res) => {
    const id = String(req.params.id);
    const before = await blog.getPostById(id);
    await blog.deletePost(id);
    await recordAudit(db, actorOf(req), 'post.deleted', `${id} ${before?.slug ?? ''}`.trim());
    res.status(204).end();
  });

  return router;
}

import { Router } from 'express';
import { AppError } from '../core/errors.ts';
import type { BlogService } from './blog-service.ts';
import { PUBLIC_CACHE_CONTROL } from '../http/stored-page.ts';
import { API_MESSAGES } from '../../shared/messages.ts';

function optionalString(value: unknown, name: string): string | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw new AppError('INVALID_ARGUMENT', API_MESSAGES.queryParamOnce(name));
  return value;
}

/** `GET /api/blog/posts?cursor=&q=`: the public list's next page, for Load More and search on /blog. */
export function blogApiRouter(blog: BlogService): Router {
  const router = Router();
  router.get('/api/blog/posts', async (req, res) => {
    const cursor = optionalString(req.query.cursor, 'cursor');
    const q = optionalString(req.query.q, 'q');
    const page = await blog.listPublic({ cursor, q });
    res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    res.json(page);
  });
  return router;
}

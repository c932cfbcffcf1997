import type { RequestHandler } from 'express';

/**
 * The shared preview page (/preview?token=…) is for the people a link was given to: search engines are asked not
 * to index or follow it. No cache keeps it either (a link turned off must stop working at once): app.ts leaves its
 * path out of the public page cache, and every page rendered outside that cache is sent `private, no-store`.
 */
export const sharedPreviewHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  next();
};

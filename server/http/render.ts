import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import express, { type RequestHandler } from 'express';
import { createDevMiddleware, renderPage } from 'vike/server';
import type { PageContextInit } from '../../shared/page-context.ts';

export interface PageRenderer {
  /** Serves built assets (production) or Vite's transforms and HMR (development). */
  assets: RequestHandler;
  render: (init: PageContextInit) => ReturnType<typeof renderPage>;
  close: () => Promise<void>;
}

const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * Production loads the Vike build from `dist/` (run `npm run build` first); development wraps Vite so pages
 * reload as they are edited. Vite itself is only imported in development.
 */
export async function createPageRenderer(root: string, production: boolean): Promise<PageRenderer> {
  if (!production) {
    const { devMiddleware, viteServer } = await createDevMiddleware({ root });
    return { assets: devMiddleware, render: (init) => renderPage(init), close: () => viteServer.close() };
  }
  const entry = join(root, 'dist/server/entry.mjs');
  if (!existsSync(entry)) throw new Error(`No production build at ${entry}: run "npm run build" first.`);
  await import(pathToFileURL(entry).href);
  const assets = express.static(join(root, 'dist/client'), {
    index: false,
    // Its trailing-slash redirect for folders (`/assets` → `/assets/`) fought Vike's (`/assets/` → `/assets`).
    redirect: false,
    setHeaders(res, path) {
      // Files under /assets/ carry a content hash in their name, so they never change.
      const immutable = path.includes(`${join('dist', 'client', 'assets')}`);
      res.setHeader('Cache-Control', immutable ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=3600');
    },
  });
  return { assets, render: (init) => renderPage(init), close: async () => {} };
}

import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { findPostSharingImage, savePostSharingImage } from '../../db/queries/post-sharing-images.ts';
import { type BlogPost, postStatus } from '../../shared/blog.ts';
import { sharingCardSvg } from '../../shared/sharing-card.ts';
import { titleKey } from '../../shared/sharing-image.ts';
import type { Logger } from '../core/logger.ts';
import { drawPng } from './draw-card.ts';

export interface PostImages {
  /** Draws and stores a published post's card unless the stored one already shows its title; logs a failure. */
  prepare(post: Pick<BlogPost, 'id' | 'title' | 'published'>): Promise<void>;
  /** A public post's card (drawn now if it is missing or shows an old title), or null when no public post has this id. */
  png(postId: string, now?: Date): Promise<Buffer | null>;
}

export interface PostImagesDeps {
  db: Db;
  logger: Logger;
  /** The blog service's read of one post, drafts included (the status is checked here). */
  getPostById(id: string): Promise<BlogPost | null>;
}

/**
 * Each post's sharing image: the site's artwork with the post's title (shared/sharing-card.ts), drawn when the
 * post is published and stored in the database, so every instance serves the same PNG without drawing it again.
 * A post published before this existed, or whose drawing failed, gets its card on the first request for it.
 */
export function createPostImages({ db, logger, getPostById }: PostImagesDeps): PostImages {
  async function draw(post: Pick<BlogPost, 'id' | 'title'>): Promise<Buffer> {
    const key = titleKey(post.title);
    const stored = await findPostSharingImage(db, post.id);
    if (stored?.drawnFrom === key) return stored.png;
    // Drawing takes tens of milliseconds of CPU and happens outside any transaction.
    const { png } = await drawPng(sharingCardSvg(post.title));
    await savePostSharingImage(db, post.id, { drawnFrom: key, png }, new Date().toISOString());
    return png;
  }

  return {
    async prepare(post) {
      if (!post.published) return;
      try {
        await draw(post);
      } catch (err) {
        logger.error({ err, postId: post.id }, 'sharing image not drawn; it is drawn on its first request');
      }
    },

    async png(postId, now = new Date()) {
      const post = await getPostById(postId);
      if (!post || postStatus(post, now.getTime()) !== 'Published') return null;
      return draw(post);
    },
  };
}

/** `/images/posts/{id}.png`: a post's card; the `v` in the address a page names changes with the title. */
export function postImagesRouter(images: PostImages): Router {
  const router = Router();
  router.get('/images/posts/:file', async (req, res, next) => {
    const id = /^([0-9a-f-]{36})\.png$/.exec(String(req.params.file))?.[1];
    const png = id ? await images.png(id) : null;
    if (!png) return next();
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('image/png').send(png);
  });
  return router;
}

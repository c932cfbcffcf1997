import express, { type Request, type RequestHandler, Router } from 'express';
import { API_MESSAGES } from '../../shared/messages.ts';
import { EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import { IMAGE_MAX_BYTES, parseUploadedImage } from '../../shared/images.ts';
import { type MediaQuery, mediaFilter } from '../../shared/media.ts';
import { AppError } from '../core/errors.ts';
import { ADMIN_BODY_LIMIT, adminBodyParsers } from '../http/admin-body.ts';
import { actorOf } from '../http/admin-request.ts';
import { allow, requireStaff } from '../staff/require-staff.ts';
import { imageTooLarge } from './image-check.ts';
import type { ImageService, LibraryEditor } from './image-service.ts';
import { createUploadRate } from './upload-budget.ts';

/** A stored copy never changes at its address, so browsers and proxies keep it for a year without asking. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `GET /media/<id>/<width>.<format>`: public, before sessions (a visitor's image request needs none). */
export function mediaRouter(images: ImageService): Router {
  const router = Router();
  router.get('/media/:id/:file', async (req, res) => {
    const image = parseUploadedImage(`/media/${String(req.params.id)}/${String(req.params.file)}`);
    const found = image && (await images.variant(image.id, image.width, image.format));
    if (!found) throw new AppError('NOT_FOUND', EDITOR_MESSAGES.imageNotFound);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type(found.contentType).send(Buffer.from(found.data.buffer, found.data.byteOffset, found.data.byteLength));
  });
  return router;
}

/** The body as bytes, whatever its type (the upload checks the bytes themselves), up to the upload limit. */
const rawImage: RequestHandler = (req, res, next) => {
  express.raw({ type: () => true, limit: IMAGE_MAX_BYTES })(req, res, (err?: unknown) => {
    if ((err as { type?: string } | undefined)?.type === 'entity.too.large') return next(imageTooLarge());
    next(err);
  });
};

/** A query parameter given at most once, as text. */
function queryText(req: Request, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new AppError('INVALID_ARGUMENT', API_MESSAGES.queryParamOnce(name));
  return value;
}

function editorOf(req: Request): LibraryEditor {
  return { actor: actorOf(req), userId: req.user!.id, role: req.user!.role };
}

/**
 * The media library's API (docs/product.md#media). `POST /api/admin/images?name=<file name>`: the file itself as
 * the body, with its type as Content-Type; answers 201 with the image as the library lists it (its address and
 * size at its largest width first). `GET` lists a page, `PATCH /{id}` sets the alt text, `DELETE /{id}` deletes an
 * image nothing uses (409 with its uses otherwise).
 */
export function adminImagesRouter(images: ImageService): Router {
  const router = Router();
  router.get('/api/admin/images', requireStaff(), allow('posts.write'), async (req, res) => {
    const query: MediaQuery = { show: mediaFilter(queryText(req, 'show')), cursor: queryText(req, 'cursor') };
    res.json(await images.library(query, editorOf(req)));
  });
  const json = adminBodyParsers(ADMIN_BODY_LIMIT);
  router.patch('/api/admin/images/:id', requireStaff(), allow('posts.write'), ...json, async (req, res) => {
    res.json(await images.setAlt(String(req.params.id), req.body, editorOf(req)));
  });
  router.delete('/api/admin/images/:id', requireStaff(), allow('posts.write'), async (req, res) => {
    await images.remove(String(req.params.id), editorOf(req));
    res.status(204).end();
  });
  const rate = createUploadRate();
  // Counted before the body is read: past the limit, not even the file's bytes are taken in.
  const countUpload: RequestHandler = (req, _res, next) => {
    rate.take(req.user!.id);
    next();
  };
  router.post('/api/admin/images', requireStaff(), allow('posts.write'), countUpload, rawImage, async (req, res) => {
    const body: unknown = req.body;
    const bytes = Buffer.isBuffer(body) ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : new Uint8Array();
    const fileName = typeof req.query.name === 'string' ? req.query.name : '';
    const claim = { fileName, contentType: req.get('Content-Type') ?? '' };
    res.status(201).json(await images.upload(bytes, claim, actorOf(req)));
  });
  return router;
}

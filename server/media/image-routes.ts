import express, { type RequestHandler, Router } from 'express';
import { EDITOR_MESSAGES } from '../../shared/messages.ts';
import { IMAGE_MAX_BYTES, parseUploadedImage } from '../../shared/images.ts';
import { AppError } from '../core/errors.ts';
import { actorOf } from '../http/admin-request.ts';
import { allow, requireStaff } from '../staff/require-staff.ts';
import { imageTooLarge } from './image-check.ts';
import type { ImageService } from './image-service.ts';
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

/**
 * `POST /api/admin/images?name=<file name>`: the file itself as the body, with its type as Content-Type. Answers
 * 201 with the image's address and size at its largest width.
 */
export function adminImagesRouter(images: ImageService): Router {
  const router = Router();
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

import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Request, Router } from 'express';
import { IMPORT_FILE_MAX_BYTES, IMPORT_MESSAGES, IMPORT_ZIP_MAX_BYTES } from '../../shared/import-messages.ts';
import { AppError } from '../core/errors.ts';
import { actorOf } from '../http/admin-request.ts';
import { allow, requireStaff } from '../staff/require-staff.ts';
import type { ImportService } from './import-service.ts';

function tooLarge(message: string): AppError {
  return new AppError('RESOURCE_EXHAUSTED', message, { status: 413, details: { fields: { file: message } } });
}

/**
 * Streams a request's body to `path`, refusing it before a byte is read when its Content-Length is over `max`, and
 * as soon as the count passes `max` when it sent none (or lied).
 */
async function receive(req: Request, path: string, max: number, message: string): Promise<number> {
  if (Number(req.get('content-length') ?? 0) > max) {
    req.resume();
    throw tooLarge(message);
  }
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > max ? tooLarge(message) : null, chunk);
    },
  });
  await pipeline(req, count, createWriteStream(path));
  if (size === 0)
    throw new AppError('INVALID_ARGUMENT', IMPORT_MESSAGES.fileRequired, { details: { fields: { file: IMPORT_MESSAGES.fileRequired } } });
  return size;
}

/** Whether a received file is a zip (this site's archive may be as large as a zip may be; other exports may not). */
async function isZip(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.toString('latin1') === 'PK\x03\x04';
  } finally {
    await file.close();
  }
}

/** Receives one file into a new staging folder of its own; a refused file leaves no folder behind. */
async function stage(
  imports: ImportService,
  req: Request,
  fileName: string,
  check: (path: string) => Promise<void>,
): Promise<{ dir: string; path: string }> {
  const dir = await imports.stagingDir();
  const path = join(dir, fileName);
  try {
    await check(path);
    return { dir, path };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

const fileNameOf = (req: Request) => (typeof req.query.name === 'string' ? basename(req.query.name).slice(0, 200) : '') || 'export';

/**
 * The Import page's API (docs/product.md#import), for those who may import (`site.import`):
 * `POST /api/admin/imports/uploads?name=` takes the uploads zip as the body and answers a token for it;
 * `POST /api/admin/imports?name=&uploads=<token>` takes the export file and answers the dry run (nothing written);
 * `POST /api/admin/imports/:id/start` runs it in the background; `GET /api/admin/imports/:id` tells how far it got;
 * `GET /api/admin/imports/last` is the newest import's report.
 */
export function adminImportRouter(imports: ImportService): Router {
  const router = Router();
  /** Uploads zips received and not yet planned with, by token (this instance's disk holds them). */
  const uploads = new Map<string, string>();

  router.post('/api/admin/imports/uploads', requireStaff(), allow('site.import'), async (req, res) => {
    const { dir, path } = await stage(imports, req, 'uploads.zip', async (to) => {
      await receive(req, to, IMPORT_ZIP_MAX_BYTES, IMPORT_MESSAGES.zipTooLarge);
    });
    const token = basename(dir);
    uploads.set(token, path);
    res.status(201).json({ token });
  });

  router.post('/api/admin/imports', requireStaff(), allow('site.import'), async (req, res) => {
    const token = typeof req.query.uploads === 'string' ? req.query.uploads : '';
    const uploadsPath = token ? uploads.get(token) : null;
    if (uploadsPath === undefined) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.notFound);
    // This site's archive (a .zip) holds its images, so it may be as large as a zip; a WordPress or Ghost file may not.
    const name = fileNameOf(req);
    const isArchive = name.toLowerCase().endsWith('.zip');
    const { dir, path: exportPath } = await stage(imports, req, 'export', async (to) => {
      const size = await receive(
        req,
        to,
        isArchive ? IMPORT_ZIP_MAX_BYTES : IMPORT_FILE_MAX_BYTES,
        isArchive ? IMPORT_MESSAGES.zipTooLarge : IMPORT_MESSAGES.tooLarge,
      );
      if (size > IMPORT_FILE_MAX_BYTES && !(await isZip(to))) throw tooLarge(IMPORT_MESSAGES.tooLarge);
    });
    uploads.delete(token);
    const dirs = uploadsPath ? [dir, dirname(uploadsPath)] : [dir];
    res.status(201).json(await imports.plan({ dirs, exportPath, fileName: name, uploadsPath }, actorOf(req)));
  });

  router.get('/api/admin/imports/last', requireStaff(), allow('site.import'), async (_req, res) => {
    res.json({ last: await imports.last() });
  });

  router.post('/api/admin/imports/:id/start', requireStaff(), allow('site.import'), async (req, res) => {
    res.status(202).json(await imports.start(String(req.params.id), actorOf(req)));
  });

  router.get('/api/admin/imports/:id', requireStaff(), allow('site.import'), async (req, res) => {
    res.json(await imports.status(String(req.params.id)));
  });

  return router;
}

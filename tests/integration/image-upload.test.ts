import request from 'supertest';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import { IMAGE_MAX_BYTES } from '../../shared/images.ts';
import type { LibraryImage } from '../../shared/media.ts';
import { auditEntries, signedInStaffApp } from '../helpers/admin-client.ts';
import { SVG_WITH_SCRIPT, makeImage } from '../helpers/images.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines } from '../helpers/test-app.ts';

describe.each(configuredEngines())('image uploads on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));

  const upload = (bytes: Buffer, name: string, type: string) =>
    t.staff
      .req('post', `/api/admin/images?name=${encodeURIComponent(name)}`)
      .set('Content-Type', type)
      .send(bytes);

  /** Storage check: how many images and image files the database holds (no staff page lists them). */
  async function stored(): Promise<{ images: number; variants: number }> {
    const db = t.database.db;
    const images = await db.selectFrom('images').select('id').execute();
    const variants = await db.selectFrom('image_variants').select('image_id').execute();
    return { images: images.length, variants: variants.length };
  }

  it('a PNG is stored at 480, 960 and 1600 px in WebP and PNG (storage check), served with a year-long immutable cache and its own type', async () => {
    const res = await upload(await makeImage(2000, 1000), 'network diagram.png', 'image/png');
    expect(res.status).toBe(201);
    const image = res.body as LibraryImage;
    expect(image).toMatchObject({ id: image.id, src: `/media/${image.id}/1600.png`, width: 1600, height: 800 });
    expect(image).toMatchObject({ fileName: 'network diagram.png', originalWidth: 2000, originalHeight: 1000, alt: '', uses: [] });
    expect(await stored()).toEqual({ images: 1, variants: 6 });

    for (const [width, format, type] of [
      [480, 'webp', 'image/webp'],
      [960, 'png', 'image/png'],
      [1600, 'webp', 'image/webp'],
    ] as const) {
      const served = await request(t.app).get(`/media/${image.id}/${width}.${format}`).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.body as Buffer).metadata();
      expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({ width, height: width / 2, format });
    }
    expect((await request(t.app).get(`/media/${image.id}/1200.webp`)).status).toBe(404);
    const audit = (await auditEntries(t.staff, { action: 'image.uploaded' })).map(({ target }) => ({ target }));
    expect(audit).toEqual([{ target: `${image.id} network diagram.png` }]);
  });

  it('an image narrower than 480 px is kept at its own width, never enlarged; a JPEG stays a JPEG beside its WebP', async () => {
    const res = await upload(await makeImage(300, 200, 'jpeg'), 'small.jpg', 'image/jpeg');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ src: `/media/${res.body.id}/300.jpeg`, width: 300, height: 200 });
    const served = await request(t.app).get(`/media/${res.body.id}/300.jpeg`).buffer(true);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  describe('refusals, each with a clear message and nothing stored (storage check)', () => {
    it.each([
      ['a text file', Buffer.from('hello'), 'notes.txt', 'text/plain', 400, EDITOR_MESSAGES.imageType],
      ['a PDF named as a PDF', Buffer.from('%PDF-1.7\n'), 'brochure.pdf', 'application/pdf', 400, EDITOR_MESSAGES.imageType],
      ['an SVG with a script', SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml', 400, EDITOR_MESSAGES.imageSvg],
      ['an SVG renamed to .png', SVG_WITH_SCRIPT, 'logo.png', 'image/png', 400, EDITOR_MESSAGES.imageSvg],
      [
        'HTML named as a PNG',
        Buffer.from('<html><script>alert(1)</script></html>'),
        'photo.png',
        'image/png',
        400,
        EDITOR_MESSAGES.imageMismatch('PNG'),
      ],
      ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png', 400, EDITOR_MESSAGES.imageEmpty],
    ])('%s', async (_what, bytes, name, type, status, message) => {
      const before = await stored();
      const res = await upload(bytes, name, type);
      expect(res.status).toBe(status);
      expect(res.body.error).toMatchObject({ message, details: { fields: { image: message } } });
      expect(await stored()).toEqual(before);
    });

    it('a JPEG whose name says PNG', async () => {
      const before = await stored();
      const res = await upload(await makeImage(100, 100, 'jpeg'), 'photo.png', 'image/png');
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(EDITOR_MESSAGES.imageMismatch('PNG'));
      expect(await stored()).toEqual(before);
    });

    it('a PNG whose bytes stop half-way (it cannot be decoded)', async () => {
      const before = await stored();
      const png = await makeImage(400, 400);
      const res = await upload(png.subarray(0, 200), 'cut.png', 'image/png');
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(EDITOR_MESSAGES.imageUnreadable);
      expect(await stored()).toEqual(before);
    });

    it('a file over 10 MB answers 413 with the limit in words', async () => {
      const before = await stored();
      const big = Buffer.concat([await makeImage(10, 10), Buffer.alloc(IMAGE_MAX_BYTES)]);
      const res = await upload(big, 'huge.png', 'image/png');
      expect(res.status).toBe(413);
      expect(res.body.error).toMatchObject({ status: 'RESOURCE_EXHAUSTED', message: EDITOR_MESSAGES.imageTooLarge(10) });
      expect(await stored()).toEqual(before);
    });

    it('without a session or without the CSRF token, nothing is stored', async () => {
      const before = await stored();
      const png = await makeImage(50, 50);
      const anonymous = await request(t.app)
        .post('/api/admin/images?name=a.png')
        .set('X-Forwarded-Proto', 'https')
        .set('Origin', 'https://www.example.com.au')
        .set('Content-Type', 'image/png')
        .send(png);
      expect(anonymous.status).toBe(401);
      const noCsrf = await t.staff.req('post', '/api/admin/images?name=a.png', { csrf: false }).set('Content-Type', 'image/png').send(png);
      expect(noCsrf.status).toBe(403);
      expect(await stored()).toEqual(before);
    });
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { ImportStatus } from '../../shared/import-messages.ts';
import { eventually } from './eventually.ts';
import type { StaffClient } from './admin-client.ts';
import type { Db } from '../../db/database.ts';

/** The type a browser sends a chosen file with, by its name. */
const TYPES: Record<string, string> = { xml: 'text/xml', json: 'application/json', zip: 'application/zip' };

/** "Export site content" as Site settings' button posts it: the answer, with the archive's bytes as its body. */
export function downloadSiteExport(staff: StaffClient) {
  return staff
    .req('post', '/admin/export.zip')
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

/** Chooses an export file at the Import page: its dry run (nothing written yet). */
export async function dryRun(staff: StaffClient, body: string | Buffer, name = 'export.xml', uploadsToken?: string): Promise<ImportStatus> {
  const query = `name=${encodeURIComponent(name)}${uploadsToken ? `&uploads=${uploadsToken}` : ''}`;
  const type = TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
  const res = await staff.req('post', `/api/admin/imports?${query}`).set('Content-Type', type).send(body);
  expect(res.status, res.text).toBe(201);
  return res.body as ImportStatus;
}

/** Sends an uploads zip beside the export file; answers its token. */
export async function sendUploads(staff: StaffClient, zip: Buffer): Promise<string> {
  const res = await staff.req('post', '/api/admin/imports/uploads?name=uploads.zip').set('Content-Type', 'application/zip').send(zip);
  expect(res.status, res.text).toBe(201);
  return (res.body as { token: string }).token;
}

/** "Import", then the status polled until it finishes. */
export async function runImport(staff: StaffClient, id: string): Promise<ImportStatus> {
  const started = await staff.req('post', `/api/admin/imports/${id}/start`).send();
  expect(started.status, started.text).toBe(202);
  return eventually(
    async () => {
      const status = (await staff.req('get', `/api/admin/imports/${id}`)).body as ImportStatus;
      return status.state === 'done' || status.state === 'failed' ? status : undefined;
    },
    'the import to finish',
    30_000,
  );
}

/** An old site that still answers for some of its images: `files` by path, anything else 404. */
export async function oldSite(
  files: Map<string, Buffer>,
  /** Runs before each answer: a test does something while the import waits for an image. */
  beforeAnswer: () => Promise<void> = async () => {},
): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    requests.push(req.url ?? '');
    await beforeAnswer();
    const file = files.get(req.url ?? '');
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': file.length }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** How many posts, pages' words, redirects and images the site holds: an import that adds nothing leaves these as they were. */
export async function siteCounts(db: Db): Promise<Record<'posts' | 'words' | 'redirects' | 'images', number>> {
  const rows = async (table: 'blogs' | 'site_words' | 'redirects' | 'images') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { posts: await rows('blogs'), words: await rows('site_words'), redirects: await rows('redirects'), images: await rows('images') };
}

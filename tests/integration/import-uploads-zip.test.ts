import request from 'supertest';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { IMPORT_MESSAGES } from '../../shared/import-messages.ts';
import { signedInStaffApp } from '../helpers/admin-client.ts';
import { makeImage } from '../helpers/images.ts';
import { dryRun, runImport, sendUploads } from '../helpers/import-client.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines } from '../helpers/test-app.ts';
import { wxr } from '../helpers/wxr.ts';

/** The old site is gone: nothing answers there (a closed port), so every image must come from the zip. */
const GONE = 'http://127.0.0.1:9';

async function uploadsZip(files: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(configuredEngines())('a WordPress export with its uploads zip on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));

  it('takes the images from the zip of wp-content/uploads, and lists the one it does not hold', async () => {
    const zip = await uploadsZip({
      'uploads/2024/06/switch.png': await makeImage(640, 480),
      'uploads/2024/06/notes.txt': Buffer.from('x'),
    });
    const file = wxr(GONE, [
      { id: 2, title: 'Switch', type: 'attachment', status: 'inherit', attachmentUrl: `${GONE}/wp-content/uploads/2024/06/switch.png` },
      {
        id: 3,
        title: 'From the zip',
        slug: 'from-the-zip',
        link: `${GONE}/from-the-zip/`,
        dateGmt: '2024-06-01 00:00:00',
        thumbnailId: 2,
        content: `<p>Two images:</p><p><img src="${GONE}/wp-content/uploads/2024/06/switch.png" alt="Switch"></p><p><img src="${GONE}/wp-content/uploads/2024/06/lost.png" alt="Lost"></p>`,
      },
    ]);
    const plan = await dryRun(t.staff, file, 'site.xml', await sendUploads(t.staff, zip));
    expect(plan.summary.counts.images).toBe(2);
    const report = await runImport(t.staff, plan.id);
    expect(report.state).toBe('done');
    expect(report.summary.counts.images).toBe(1);
    expect(report.summary.missingImages).toEqual([
      { url: `${GONE}/wp-content/uploads/2024/06/lost.png`, reason: IMPORT_MESSAGES.imageFailed.notInZip },
    ]);
    const post = await t.database.db.selectFrom('blogs').selectAll().where('slug', '=', 'from-the-zip').executeTakeFirstOrThrow();
    expect(post.featured_image).toMatch(/^\/media\//);
    expect(post.content).toContain(`<img src="${post.featured_image}"`);
    expect((await request(t.app).get(post.featured_image!)).status).toBe(200);
  });
});

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { IMPORT_FILE_MAX_BYTES, IMPORT_MESSAGES } from '../../shared/import-messages.ts';
import { signedInPerson, signedInStaffApp } from '../helpers/admin-client.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines } from '../helpers/test-app.ts';
import { wxr } from '../helpers/wxr.ts';

const SITE = 'https://old.example';

/** A zip made in memory: each entry's name, bytes and whether yazl should compress it. */
function zipOf(entries: Array<{ name: string; data: Buffer; mode?: number }>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { mode: e.mode });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** yazl refuses `../` names itself: the name is written into a zip made with a placeholder of the same length. */
function renamed(zip: Buffer, from: string, to: string): Buffer {
  expect(from.length).toBe(to.length);
  return Buffer.from(zip.toString('latin1').split(from).join(to), 'latin1');
}

describe.each(configuredEngines())('hostile import files on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));

  const send = (body: string | Buffer, name = 'export.xml') =>
    t.staff.req('post', `/api/admin/imports?name=${name}`).set('Content-Type', 'application/octet-stream').send(body);
  const sendUploads = (zip: Buffer) =>
    t.staff.req('post', '/api/admin/imports/uploads?name=uploads.zip').set('Content-Type', 'application/zip').send(zip);
  const postCount = async () => (await t.database.db.selectFrom('blogs').select('id').execute()).length;

  it('reads nothing an external entity names (XXE): the DOCTYPE is refused', async () => {
    const passwd = await readFile('/etc/passwd', 'utf8');
    const file = wxr(SITE, [{ id: 1, title: 'XXE &xxe;', slug: 'xxe', content: '<p>x</p>' }]).replace(
      '<?xml version="1.0" encoding="UTF-8" ?>',
      '<?xml version="1.0" encoding="UTF-8" ?>\n<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    );
    const before = await postCount();
    const res = await send(file);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(IMPORT_MESSAGES.doctype);
    expect(res.text).not.toContain(passwd.split('\n')[0]);
    expect(await postCount()).toBe(before);
  });

  it('refuses billion laughs quickly, without expanding an entity', async () => {
    const laughs = [
      '<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
    ].join('');
    const file = `<?xml version="1.0"?>\n<!DOCTYPE lolz [${laughs}]>\n<rss><channel><title>&lol9;</title></channel></rss>`;
    const heapBefore = process.memoryUsage().heapUsed;
    const started = Date.now();
    const res = await send(file);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(IMPORT_MESSAGES.doctype);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses a file claiming 2 GB before reading it', async () => {
    const res = await t.staff
      .req('post', '/api/admin/imports?name=huge.xml')
      .set('Content-Type', 'application/octet-stream')
      .set('Content-Length', String(2 * 1024 * 1024 * 1024))
      .send('<rss>');
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(IMPORT_MESSAGES.tooLarge);
  });

  it('refuses a file over 100 MB that does not say its size, as soon as the count passes it', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const req = t.staff.req('post', '/api/admin/imports?name=big.xml').set('Content-Type', 'application/octet-stream');
    for (let sent = 0; sent <= IMPORT_FILE_MAX_BYTES; sent += chunk.length) req.write(chunk);
    const res = await req;
    expect(res.status).toBe(413);
  });

  it('refuses a truncated export with a message saying so', async () => {
    const whole = wxr(SITE, [{ id: 1, title: 'Cut off', slug: 'cut', content: '<p>text</p>' }]);
    const res = await send(whole.slice(0, Math.floor(whole.length * 0.7)));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(IMPORT_MESSAGES.truncated);
    const json = await send('{"db":[{"meta":{"version":"5.0"},"data":{"posts":[{"id":"1"', 'ghost.json');
    expect(json.body.error.message).toBe(IMPORT_MESSAGES.truncated);
  });

  it('says what was expected of a file that is not an export', async () => {
    for (const [body, name] of [
      ['name,email\nJo,jo@example.com\n', 'leads.csv'],
      ['<html><body>Not an export</body></html>', 'page.html'],
      ['{"posts": "nope"}', 'other.json'],
    ] as const) {
      const res = await send(body, name);
      expect(res.status, name).toBe(400);
      expect(res.body.error.message, name).toBe(IMPORT_MESSAGES.notAnExport);
    }
  });

  it('refuses a zip bomb before unpacking it', async () => {
    const bomb = await zipOf([{ name: '2024/03/zeros.png', data: Buffer.alloc(20 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const token = (await sendUploads(bomb)).body.token as string;
    const res = await t.staff
      .req('post', `/api/admin/imports?name=export.xml&uploads=${token}`)
      .set('Content-Type', 'application/octet-stream')
      .send(wxr(SITE, [{ id: 1, title: 'One', slug: 'one', content: '<p>x</p>' }]));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(IMPORT_MESSAGES.zipRatio('2024/03/zeros.png'));
  });

  it('refuses a zip naming a file outside its folder, and one holding a link', async () => {
    const file = wxr(SITE, [{ id: 1, title: 'One', slug: 'one', content: '<p>x</p>' }]);
    const escape = renamed(await zipOf([{ name: 'aa/evil.png', data: Buffer.from('x') }]), 'aa/evil.png', '../evil.png');
    let token = (await sendUploads(escape)).body.token as string;
    let res = await t.staff
      .req('post', `/api/admin/imports?name=export.xml&uploads=${token}`)
      .set('Content-Type', 'application/octet-stream')
      .send(file);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(IMPORT_MESSAGES.zipUnsafeName('../evil.png'));

    const link = await zipOf([{ name: 'link.png', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]);
    token = (await sendUploads(link)).body.token as string;
    res = await t.staff
      .req('post', `/api/admin/imports?name=export.xml&uploads=${token}`)
      .set('Content-Type', 'application/octet-stream')
      .send(file);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(IMPORT_MESSAGES.zipLink('link.png'));
  });

  it('lets only the Owner and Administrators import', async () => {
    const { browser } = await signedInPerson(t, 'editor', 'editor@northbridge-it.com.au');
    const res = await browser.req('post', '/api/admin/imports?name=x.xml').set('Content-Type', 'application/octet-stream').send('<rss/>');
    expect(res.status).toBe(403);
  });
});

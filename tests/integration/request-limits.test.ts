import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../server/http/json-body.ts';
import { ORIGIN, StaffClient, signedInStaffApp, staffApp } from '../helpers/admin-client.ts';
import { LEAD_TEST_ENV } from '../helpers/leads.ts';
import { asBytes } from '../helpers/raw-body.ts';
import { useTestApp } from '../helpers/suite-app.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

// Finding 2: deeply nested JSON answered 500 (a recursive walk overflowed the stack) and cost memory, unauthenticated.
describe('request bodies: depth and size are limited before anything walks them', () => {
  const t = useTestApp(() => staffApp());

  const post = (path: string, body: string) =>
    request(t.app).post(path).set('Origin', ORIGIN).set('X-Forwarded-Proto', 'https').set('Content-Type', 'application/json').send(body);

  it.each([
    ['/functions/submitContact', `{"data":{"name":${nested(20_000)}}}`],
    ['/functions/submitQuote', nested(20_000)],
    ['/admin/login', `{"email":"a@b.co","password":"x","next":${nested(1500)}}`],
  ])('40 KB or 3 KB of nested brackets to %s: 400 with a clear message', async (path, body) => {
    const res = await post(path, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'The request body is nested too deeply.' });
  });

  it(`nesting up to ${MAX_JSON_DEPTH} levels is still parsed (the answer is about the fields, not the depth)`, async () => {
    const res = await post('/admin/login', `{"email":"a@b.co","password":"x","extra":${nested(MAX_JSON_DEPTH - 1)}}`);
    expect(res.status).toBe(401);
  });

  it('brackets inside strings do not count as nesting', async () => {
    const res = await post('/admin/login', JSON.stringify({ email: 'a@b.co', password: '['.repeat(500) }));
    expect(res.status).toBe(401);
  });

  it('the sign-in routes take a few kilobytes: 2 MB without a session is refused with 413 before it is parsed', async () => {
    for (const path of ['/admin/login', '/admin/login/code', '/admin/logout']) {
      const res = await post(path, JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024 - 100) }));
      expect(res.status, path).toBe(413);
      expect(res.body.error).toMatchObject({ status: 'RESOURCE_EXHAUSTED', message: 'The request body is too large.' });
    }
  });

  it('signed-in admin API: nested bodies get 400, and only the blog editor takes megabytes', async () => {
    const staff = new StaffClient(t.app);
    await staff.signIn();
    const deep = await staff.req('post', '/api/admin/account/password').set('Content-Type', 'application/json').send(nested(5000));
    expect(deep.status).toBe(400);
    const big = await staff.req('post', '/api/admin/privacy/erase').send({ email: `${'a'.repeat(200_000)}@example.com` });
    expect(big.status).toBe(413);
    const post = await staff.req('post', '/api/admin/posts').send({
      title: 'Big',
      excerpt: 'E',
      author: 'A',
      content: `<p>${'x'.repeat(500_000)}</p>`,
      tags: '',
      featuredImage: '',
      published: false,
    });
    expect(post.status).not.toBe(413);
  });
});

/** `[0,0,…]` with `n` elements: wide, not deep. */
const flat = (n: number) => `[${'0,'.repeat(n - 1)}0]`;

// Finding 1: a UTF-16 body desynchronised the byte scanner (U+0122 is `22 01`: a quote byte), so 1.9 MB at depth
// 480k reached JSON.parse. Finding 2: a wide array overflowed the stack of the NUL check (500).
describe('request bodies: JSON is UTF-8 only, and width costs no stack', () => {
  const t = useTestApp(() => signedInStaffApp({ env: LEAD_TEST_ENV }));
  // The byte scanner took Ģ's `22` for a closing quote and the real closing quote for an opening one.
  const deepAfterG = `{"data":{"name":"Ģ","more":${nested(15_000)}}}`;
  const utf16Deep = Buffer.from(deepAfterG, 'utf16le');

  it.each(['utf-16le', 'UTF-16', 'utf-16be', 'latin1', 'iso-8859-1', 'utf-32', 'utf8', 'x-unknown'])(
    "charset=%s on a public form, the sign-in and the signed-in API: 415 in the protocol's error shape",
    async (charset) => {
      const type = `application/json; charset=${charset}`;
      const answers = [
        await request(t.app).post('/functions/submitContact').set('Content-Type', type).serialize(asBytes).send(utf16Deep),
        await request(t.app)
          .post('/admin/login')
          .set('Origin', ORIGIN)
          .set('X-Forwarded-Proto', 'https')
          .set('Content-Type', type)
          .serialize(asBytes)
          .send(utf16Deep),
        await t.staff.req('post', '/api/admin/posts').set('Content-Type', type).serialize(asBytes).send(utf16Deep),
      ];
      for (const res of answers) {
        expect(res.status).toBe(415);
        expect(res.body.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'The request body has an unsupported encoding.' });
      }
    },
  );

  it.each(['utf-8', 'UTF-8', '"utf-8"'])('charset=%s is JSON as usual', async (charset) => {
    const res = await request(t.app)
      .post('/functions/submitContact')
      .set('Content-Type', `application/json; charset=${charset}`)
      .send(JSON.stringify({ data: { name: 'Ģ' } }));
    // Refused for the missing captcha: the body was read.
    expect(res.status).toBe(403);
  });

  it('the UTF-8 form of the same deep body is refused for its depth', async () => {
    const res = await request(t.app).post('/functions/submitContact').set('Content-Type', 'application/json').send(deepAfterG);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('The request body is nested too deeply.');
  });

  it.each([
    ['a post', '/api/admin/posts'],
    ['an autosave', '/api/admin/posts/00000000-0000-4000-8000-000000000000/autosave'],
  ])('%s whose tags are an array of 300,000 elements answers 4xx, not 500', async (_what, path) => {
    const body = `{"title":"Wide","excerpt":"E","author":"A","content":"<p>x</p>","tags":${flat(300_000)},"featuredImage":"","published":false}`;
    const res = await t.staff
      .req(path.endsWith('autosave') ? 'put' : 'post', path)
      .set('Content-Type', 'application/json')
      .send(body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it.each([
    ['a 5 MB flat array', flat(2_600_000), 413],
    ['a million-deep nesting (2 MB)', nested(1_000_000), 400],
  ])('%s is refused before it is parsed', async (_what, body, status) => {
    const res = await t.staff.req('post', '/api/admin/posts').set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(status);
  });
});

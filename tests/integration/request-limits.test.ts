import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../server/http/json-body.ts';
import { ORIGIN, StaffClient, staffApp } from '../helpers/admin-client.ts';
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
    const post = await staff.req('post', '/api/admin/posts').send({ title: 'Big', excerpt: 'E', author: 'A', content: `<p>${'x'.repeat(500_000)}</p>`, tags: '', featuredImage: '', published: false });
    expect(post.status).not.toBe(413);
  });
});

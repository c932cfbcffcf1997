import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { HELMET_OPTIONS, contentSecurityPolicy, securityHeaderList } from './security-headers.ts';

/** What helmet sends, mounted as its documentation shows, with or without HSTS. */
async function helmetSends(hsts: boolean): Promise<Array<[string, string]>> {
  const app = express();
  app.disable('x-powered-by');
  app.use(helmet({ ...HELMET_OPTIONS, strictTransportSecurity: hsts ? HELMET_OPTIONS.strictTransportSecurity : false }));
  app.get('/', (_req, res) => void res.end());
  // Node keeps the headers in the order they arrived, names in lower case.
  const { headers } = await request(app).get('/');
  return Object.entries(headers as Record<string, string>).filter(
    ([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name),
  );
}

describe('the security headers', () => {
  const csp = contentSecurityPolicy(true);
  const helmetPart = (list: ReadonlyArray<readonly [string, string]>) =>
    list
      .filter(([name]) => name !== 'Content-Security-Policy' && name !== 'Permissions-Policy')
      .map(([name, value]) => [name.toLowerCase(), value]);

  it("are helmet's, in its order, with HSTS on an https production site", async () => {
    expect(helmetPart(securityHeaderList(csp, true, true))).toEqual(await helmetSends(true));
  });

  it("are helmet's without HSTS on http or outside production", async () => {
    const without = await helmetSends(false);
    expect(helmetPart(securityHeaderList(csp, true, false))).toEqual(without);
    expect(helmetPart(securityHeaderList(csp, false, true))).toEqual(without);
  });

  it('open with the base CSP and close with the Permissions-Policy', () => {
    const list = securityHeaderList(csp, true, true);
    expect(list[0]).toEqual(['Content-Security-Policy', csp.header]);
    expect(list.at(-1)?.[0]).toBe('Permissions-Policy');
  });
});

import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { ADMIN_PAGE_CAPABILITIES, ASSIGNABLE_ROLES, can, type Capability, type Role, ROLE_TEXT, ROLES } from '../../shared/roles.ts';
import { ADMIN_NAV } from '../../shared/admin-texts.ts';
import { STAFF, StaffClient, insertQuote, staffApp, staffService } from '../helpers/admin-client.ts';
import { type TestApp, configuredEngines } from '../helpers/test-app.ts';

/**
 * docs/product.md#roles: the whole route × role matrix, read from the router itself, so an admin route added without
 * a capability fails here; and every admin page × role, read from the pages folder.
 */

interface AdminRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  capability: Capability | 'public' | undefined;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: Array<{ handle: { capability?: Capability | 'public' } }> };
  handle?: { stack?: Layer[] };
}

/** Every route the app answers under /admin and /api/admin, with the capability its guard names (if any). */
function adminRoutes(app: Express): AdminRoute[] {
  const found: AdminRoute[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = ([] as string[]).concat(layer.route.path);
        const capability = layer.route.stack.map((l) => l.handle.capability).find(Boolean);
        for (const path of paths.filter((p) => /^\/(api\/)?admin(\/|$)/.test(p))) {
          for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all')) {
            found.push({ method: method as AdminRoute['method'], path, capability });
          }
        }
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

/** A concrete address for a route pattern: ids that match nothing, so an allowed request answers 400/404, not a change. */
function concrete(path: string): string {
  return path.replace(':type', 'quote').replace(/:[a-zA-Z]+/g, () => randomUUID());
}

const SIGNED_OUT = 'signed out';

/** Folders whose `+route.ts` puts them at another section's address (Vike leaves a folder named `pages` out of routes). */
const FOLDER_SECTIONS: Record<string, string> = { 'site-pages': 'pages' };

/** Pages below a section's own page, each with what it answers those who may open it. */
const SUBPAGES: Record<string, Array<readonly [string, number]>> = {
  pages: [
    ['/admin/pages/home', 200],
    ['/admin/pages/web-hosting', 200],
    ['/admin/pages/home/preview', 200],
  ],
};

for (const engine of configuredEngines()) {
  describe(`roles on ${engine}`, () => {
    let t: TestApp;
    const browsers = new Map<Role, StaffClient>();
    const emailOf = (role: Role) => (role === 'owner' ? STAFF.email : `${role}@northbridge-it.com.au`);

    beforeAll(async () => {
      t = await staffApp({ engine });
      const staff = staffService(t.database.db);
      for (const role of ASSIGNABLE_ROLES) {
        await staff.createAccount(SYSTEM_ACTOR, { email: emailOf(role), name: ROLE_TEXT.names[role], password: STAFF.password, role });
      }
      for (const role of ROLES) {
        const browser = new StaffClient(t.app);
        expect((await browser.signIn(emailOf(role))).status).toBe(200);
        browsers.set(role, browser);
      }
    }, 120_000);
    afterAll(() => t?.close());

    it('the first account is the Owner and each other account has the role it was given', async () => {
      const members = await staffService(t.database.db).overview();
      expect(Object.fromEntries(members.members.map((m) => [m.email, m.role]))).toEqual(
        Object.fromEntries(ROLES.map((r) => [emailOf(r), r])),
      );
    });

    it('every admin route names a capability from the permission table', () => {
      const routes = adminRoutes(t.express);
      // The router is really read: the sign-in, the leads and the blog editor's routes are all there.
      expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
        expect.arrayContaining(['post /admin/login', 'get /api/admin/leads', 'put /api/admin/posts/:id', 'post /api/admin/staff/:id/role']),
      );
      expect(routes.filter((r) => r.capability === undefined).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    });

    it('every admin API route answers each role and the signed-out visitor as the table says', async () => {
      const routes = adminRoutes(t.express).filter((r) => r.capability !== 'public' && r.capability !== undefined);
      const mismatches: string[] = [];
      for (const route of routes) {
        const capability = route.capability as Capability;
        for (const who of [SIGNED_OUT, ...ROLES] as const) {
          const browser = who === SIGNED_OUT ? new StaffClient(t.app) : browsers.get(who)!;
          let request = browser.req(route.method, concrete(route.path));
          if (route.method !== 'get') request = request.send({});
          const res = await request;
          const allowed = who !== SIGNED_OUT && can(who, capability);
          const expected = who === SIGNED_OUT ? '401' : allowed ? 'allowed' : '403 PERMISSION_DENIED';
          const got =
            res.status === 401
              ? '401'
              : res.status === 403
                ? `403 ${res.body?.error?.status}`
                : res.status >= 500
                  ? `${res.status}`
                  : 'allowed';
          if (got !== expected)
            mismatches.push(`${route.method} ${route.path} as ${who} (${capability}): expected ${expected}, got ${res.status}`);
        }
      }
      expect(mismatches).toEqual([]);
      expect(routes.length).toBeGreaterThan(30);
    }, 120_000);

    it('every admin page is in the table, and answers each role as it says: 200, the 403 page, or sign-in', async () => {
      const folders = readdirSync(new URL('../../pages/admin', import.meta.url), { withFileTypes: true })
        .filter((d) => d.isDirectory() && d.name !== 'ui')
        .map((d) => FOLDER_SECTIONS[d.name] ?? d.name);
      expect(Object.keys(ADMIN_PAGE_CAPABILITIES).sort()).toEqual(folders.sort());
      const mismatches: string[] = [];
      for (const [section, capability] of Object.entries(ADMIN_PAGE_CAPABILITIES)) {
        if (capability === null) continue;
        // The preview has only a page per post: a post that does not exist answers 404 to those who may look.
        const own = section === 'preview' ? ([`/admin/preview/${randomUUID()}`, 404] as const) : ([`/admin/${section}`, 200] as const);
        for (const [path, opened] of [own, ...(SUBPAGES[section] ?? [])]) {
          for (const who of [SIGNED_OUT, ...ROLES] as const) {
            const browser = who === SIGNED_OUT ? new StaffClient(t.app) : browsers.get(who)!;
            const res = await browser.req('get', path);
            const expected = who === SIGNED_OUT ? 302 : can(who, capability) ? opened : 403;
            if (res.status !== expected) mismatches.push(`${path} as ${who}: expected ${expected}, got ${res.status}`);
            if (res.status === 302 && !String(res.headers.location).startsWith('/admin/login?next='))
              mismatches.push(`${path}: redirect to ${res.headers.location}`);
            if (res.status === 403 && !res.text.includes(ROLE_TEXT.refusedTitle))
              mismatches.push(`${path} as ${who}: 403 without the refusal page`);
          }
        }
      }
      expect(mismatches).toEqual([]);
    }, 120_000);

    it('a refusal holds nothing of what was refused: a lead’s e-mail never reaches an Editor or an Author', async () => {
      const email = `secret-${randomUUID().slice(0, 8)}@example.net`;
      const id = await insertQuote(t.database.db, { email, name: 'Hidden Person' });
      for (const role of ['editor', 'author'] as const) {
        const browser = browsers.get(role)!;
        for (const path of [
          '/admin/leads',
          `/admin/leads/quote/${id}`,
          '/admin/dashboard',
          '/api/admin/leads',
          `/admin/leads/export.csv`,
        ]) {
          const res = await (path.endsWith('.csv') ? browser.req('post', path).send({}) : browser.req('get', path));
          expect(res.text, `${path} as ${role}`).not.toContain(email);
          expect(res.text, `${path} as ${role}`).not.toContain('Hidden Person');
        }
      }
      // The same pages show it to Sales: the check above could have seen it.
      const sales = browsers.get('sales')!;
      expect((await sales.req('get', `/admin/leads/quote/${id}`)).text).toContain(email);
    });

    it('the navigation shows only what the role opens: no dead links', async () => {
      const links = async (role: Role) => {
        const html = (await browsers.get(role)!.req('get', '/admin/dashboard')).text;
        const nav = /<nav id="admin-sidebar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
        return [...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      };
      expect(await links('editor')).toEqual([
        '/admin/dashboard',
        '/admin/blog',
        '/admin/media',
        '/admin/pages',
        '/admin/analytics',
        '/admin/account',
      ]);
      expect(await links('sales')).toEqual(['/admin/dashboard', '/admin/leads', '/admin/analytics', '/admin/account']);
      expect(await links('author')).toEqual(['/admin/dashboard', '/admin/blog', '/admin/media', '/admin/account']);
      expect(await links('owner')).toHaveLength(ADMIN_NAV.length);
    });
  });
}

describe('a refusal is logged with the person and the capability', () => {
  it('for an API route and for a page', async () => {
    const lines: string[] = [];
    const t = await staffApp({ env: { LOG_LEVEL: 'warn' }, logDestination: { write: (line: string) => void lines.push(line) } });
    try {
      const editor = await staffService(t.database.db).createAccount(SYSTEM_ACTOR, {
        email: 'ed@northbridge-it.com.au',
        name: 'Ed',
        password: STAFF.password,
        role: 'editor',
      });
      const browser = new StaffClient(t.app);
      expect((await browser.signIn('ed@northbridge-it.com.au')).status).toBe(200);
      expect((await browser.req('get', '/api/admin/leads')).status).toBe(403);
      expect((await browser.req('get', '/admin/settings')).status).toBe(403);
      const refusals = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((e) => String(e.msg).includes('refused'));
      expect(refusals.map(({ userId, role, capability }) => ({ userId, role, capability }))).toEqual([
        { userId: editor.id, role: 'editor', capability: 'leads.view' },
        { userId: editor.id, role: 'editor', capability: 'settings.manage' },
      ]);
    } finally {
      await t.close();
    }
  });
});

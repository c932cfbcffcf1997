import request from 'supertest';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LOOK_MESSAGES } from '../../shared/look-texts.ts';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../shared/company.ts';
import { formatRatio, accentFailure } from '../../shared/contrast.ts';
import type { LibraryImage, MediaPage } from '../../shared/media.ts';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { auditEntries, signedInStaffApp } from '../helpers/admin-client.ts';
import { cspDirectives, inlineSources } from '../helpers/csp.ts';
import { makeImage } from '../helpers/images.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines } from '../helpers/test-app.ts';

/** The settings' look (docs/product.md#settings): logo, favicon and accent colour, and the page without them. */
describe.each(configuredEngines())('the site’s look on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));

  async function upload(name: string, size: [number, number], format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<LibraryImage> {
    const res = await t.staff
      .req('post', `/api/admin/images?name=${encodeURIComponent(name)}`)
      .set('Content-Type', `image/${format}`)
      .send(await makeImage(...size, format));
    expect(res.status).toBe(201);
    return res.body as LibraryImage;
  }
  const save = (settings: object) => t.staff.req('put', '/api/admin/settings').send(settings);
  const home = async () => (await request(t.app).get('/').expect(200)).text;
  let untouched = '';

  it('a site that never sets the look renders today’s logo, icons and colours', async () => {
    untouched = await home();
    expect(untouched).toContain(
      '<link rel="icon" href="/favicon.ico" sizes="32x32"/><link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
    );
    expect(untouched).not.toContain('apple-touch-icon');
    expect(untouched.match(/<style\b/g)).toHaveLength(1);
    expect(untouched).toContain('<span class="logo"><svg');
    expect(untouched).not.toContain('/media/');
  });

  it('refuses an accent that fails WCAG AA, in words beside the field, and saves nothing', async () => {
    const res = await save({ ...DEFAULT_SITE_SETTINGS, accent: '#fde047' }).expect(400);
    expect(res.body.error.message).toBe(FIELD_MESSAGES.fixErrors);
    const failure = accentFailure('#fde047')!;
    expect(res.body.error.details.fields).toEqual({ accent: LOOK_MESSAGES.accentContrast(failure, formatRatio(failure.ratio)) });
    expect(res.body.error.details.fields.accent).toMatch(
      /too hard to read as link text on the light pages \(1\.\d:1; text needs at least 4\.5:1\)/,
    );
    expect((await save({ ...DEFAULT_SITE_SETTINGS, accent: 'blue' }).expect(400)).body.error.details.fields).toEqual({
      accent: LOOK_MESSAGES.accentFormat,
    });
    expect((await t.staff.req('get', '/api/admin/settings').expect(200)).body).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('refuses a logo that is not PNG or WebP, an image that is gone, and a favicon that is not square', async () => {
    const photo = await upload('photo.jpg', [400, 300], 'jpeg');
    const wide = await upload('wide.png', [600, 300]);
    const small = await upload('small.png', [100, 100]);
    const logo = { src: photo.src, alt: 'Logo', width: photo.width, height: photo.height };
    expect((await save({ ...DEFAULT_SITE_SETTINGS, logo, favicon: wide.src }).expect(400)).body.error.details.fields).toEqual({
      'logo.src': LOOK_MESSAGES.imageFormat('logo'),
    });
    expect((await save({ ...DEFAULT_SITE_SETTINGS, favicon: wide.src }).expect(400)).body.error.details.fields).toEqual({
      favicon: LOOK_MESSAGES.faviconSize(192, 600, 300),
    });
    expect((await save({ ...DEFAULT_SITE_SETTINGS, favicon: small.src }).expect(400)).body.error.details.fields).toEqual({
      favicon: LOOK_MESSAGES.faviconSize(192, 100, 100),
    });
    const gone = { ...logo, src: '/media/00000000-0000-4000-8000-000000000000/480.png' };
    expect((await save({ ...DEFAULT_SITE_SETTINGS, logo: gone }).expect(400)).body.error.details.fields).toEqual({
      'logo.src': LOOK_MESSAGES.imageGone('logo'),
    });
    expect((await t.staff.req('get', '/api/admin/settings').expect(200)).body).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('shows a saved logo, favicon and accent on the cached home page, and the library counts them as used', async () => {
    await home(); // rendered and stored before the save, which must drop it
    const logoImage = await upload('harbour-logo.png', [800, 200]);
    const iconImage = await upload('harbour-icon.png', [512, 512]);
    // The form's size is not trusted: the library's is stored.
    const sent = {
      ...DEFAULT_SITE_SETTINGS,
      logo: { src: logoImage.src, alt: 'Harbourline', width: 1, height: 1 },
      favicon: iconImage.src,
      accent: '#7C2D12',
    };
    const res = await save(sent);
    expect(res.body.error).toBeUndefined();
    const saved = res.body.settings as SiteSettings;
    // The pages show the logo's 480-pixel WebP copy, whichever copy was chosen, at 40 pixels high.
    expect(saved).toMatchObject({
      logo: { src: `/media/${logoImage.id}/480.webp`, alt: 'Harbourline', width: 160, height: 40 },
      favicon: iconImage.src,
      accent: '#7c2d12',
    });

    // The audit entry names the look's settings in words, with the accent's old (none) and new value.
    const [entry] = await auditEntries(t.staff, { action: 'settings.updated' });
    expect(entry!.sentence.join('')).toMatch(
      /^Changed the logo from nothing to Harbourline \/media\/[0-9a-f-]{36}\/480\.webp, the favicon from nothing to \/media\/[0-9a-f-]{36}\/512\.png and the accent colour from nothing to #7c2d12 in the /,
    );

    const page = await request(t.app).get('/').expect(200);
    const html = page.text;
    expect(html).toContain(
      `<img class="logo logo-image" src="/media/${logoImage.id}/480.webp" alt="Harbourline" width="160" height="40"/>`,
    );
    expect(html).toContain(`<link rel="icon" href="/media/${iconImage.id}/32.png" sizes="32x32" type="image/png"/>`);
    expect(html).toContain(`<link rel="icon" href="/media/${iconImage.id}/192.png" sizes="192x192" type="image/png"/>`);
    expect(html).toContain(`<link rel="apple-touch-icon" href="/media/${iconImage.id}/180.png" sizes="180x180" type="image/png"/>`);
    expect(html).not.toContain('/favicon.ico');
    expect(html).toMatch(
      /<style>:root\{--blue:#7c2d12;--blue-dark:#[0-9a-f]{6}\}@media \(prefers-color-scheme:dark\)\{:root\{--link:#[0-9a-f]{6};/,
    );
    // The accent's style block is allowed by the page's CSP, as the site's own stylesheet is.
    const csp = cspDirectives(page.headers['content-security-policy'] as string);
    for (const style of inlineSources(html).styles) expect(csp['style-src']).toContain(style);
    expect(inlineSources(html).styles).toHaveLength(2);

    for (const size of [32, 180, 192]) {
      const icon = await request(t.app).get(`/media/${iconImage.id}/${size}.png`).expect(200).expect('Content-Type', 'image/png');
      expect(await sharp(icon.body as Buffer).metadata()).toMatchObject({ format: 'png', width: size, height: size });
    }

    const library = (await t.staff.req('get', '/api/admin/images').expect(200)).body as MediaPage;
    for (const id of [logoImage.id, iconImage.id]) {
      expect(library.images.find((i) => i.id === id)!.uses).toEqual([{ place: 'settings', post: null }]);
    }
    await t.staff.req('delete', `/api/admin/images/${iconImage.id}`).expect(409);
    await t.staff.req('delete', `/api/admin/images/${logoImage.id}`).expect(409);

    // Saved again (another field changed), the icons are not made twice.
    const before = library.images.find((i) => i.id === iconImage.id)!.storedBytes;
    await save({ ...saved, name: 'Harbourline' }).expect(200);
    const after = ((await t.staff.req('get', '/api/admin/images').expect(200)).body as MediaPage).images.find(
      (i) => i.id === iconImage.id,
    )!;
    expect(after.storedBytes).toBe(before);
  });

  it('with the look removed again, the home page is byte for byte the untouched one', async () => {
    await save(DEFAULT_SITE_SETTINGS).expect(200);
    expect(await home()).toBe(untouched);
    // Choosing today's blue is choosing no accent: the page stays today's.
    expect((await save({ ...DEFAULT_SITE_SETTINGS, accent: '#1D4ED8' }).expect(200)).body.settings).toEqual(DEFAULT_SITE_SETTINGS);
    expect(await home()).toBe(untouched);
  });
});

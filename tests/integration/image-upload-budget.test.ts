import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_PIXELS } from '../../shared/images.ts';
import { EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import { AppError } from '../../server/core/errors.ts';
import { createImageService } from '../../server/media/image-service.ts';
import { UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MINUTES, createDecodeQueue } from '../../server/media/upload-budget.ts';
import { ORIGIN, STAFF, StaffClient, createStaff, signedInStaffApp } from '../helpers/admin-client.ts';
import { peakRssDuring, rssMb } from '../helpers/process-rss.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { useServerProcess } from '../helpers/suite-server.ts';
import { type TestDatabase, createTestDatabase } from '../helpers/test-app.ts';

/** A picture of one colour: a small file however many pixels it has, as the attacker's were. */
function plainPng(width: number, height: number, channels: 3 | 4 = 3): Promise<Buffer> {
  return sharp({ create: { width, height, channels, background: { r: 40, g: 90, b: 160, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

const upload = (staff: StaffClient, png: Buffer) =>
  staff.req('post', '/api/admin/images?name=photo.png').set('Content-Type', 'image/png').send(png);

const tooManyPixels = { status: 'RESOURCE_EXHAUSTED', message: EDITOR_MESSAGES.imageTooManyPixels(IMAGE_MAX_PIXELS / 1_000_000) };

/** 7060 × 7060 = 49.8 MP: just under the old 50 MP limit the attacker used, twice today's. */
const FLOOD_SIDE = 7060;
const FLOOD_SIZE = 8;
/** What the server may grow by while it refuses the flood (the attacker's grew by 480 MB, from 589 MB). */
const RSS_BUDGET_MB = 150;

describe('the real server under a flood of 50 MP uploads', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await createStaff(database.db);
  });
  afterAll(() => database?.drop());
  const server = useServerProcess(() => ({ DATABASE_URL: database.url, SITE_URL: ORIGIN, TRUST_PROXY: '1', SEED_DEMO_CONTENT: 'false' }));
  let staff: StaffClient;
  beforeAll(async () => {
    // The CSRF token is read from the account page's pageContext.json rather than its HTML: nothing is rendered,
    // so the server's memory is the uploads' alone.
    staff = new StaffClient(server.base);
    expect(staff.keep(await staff.req('post', '/admin/login').send({ email: STAFF.email, password: STAFF.password })).status).toBe(200);
    staff.csrf = (JSON.parse((await staff.req('get', '/admin/account/index.pageContext.json')).text) as { csrfToken: string }).csrfToken;
  });

  /** Storage check: how many uploaded images the database holds (no staff page lists them). */
  const storedImages = async () => (await database.db.selectFrom('images').select('id').execute()).length;

  it.each([
    ['RGB', 3],
    ['RGBA', 4],
  ] as const)(
    `${FLOOD_SIZE} parallel %s uploads of 49.8 MP are each refused before decoding, storing nothing (storage check); RSS grows < ${RSS_BUDGET_MB} MB`,
    async (kind, channels) => {
      const png = await plainPng(FLOOD_SIDE, FLOOD_SIDE, channels);
      const pid = server.child.pid!;
      const beforeMb = rssMb(pid);
      const { result: answers, peakMb } = await peakRssDuring(pid, () =>
        Promise.all(Array.from({ length: FLOOD_SIZE }, () => upload(staff, png))),
      );
      console.log(
        `${kind} flood: ${FLOOD_SIZE} × ${Math.round(png.length / 1024)} KB PNG, RSS before ${beforeMb.toFixed(0)} MB, ` +
          `peak ${peakMb.toFixed(0)} MB (+${(peakMb - beforeMb).toFixed(0)} MB), answers ${answers.map((a) => a.status).join(' ')}`,
      );
      for (const answer of answers) {
        expect(answer.status).toBe(413);
        expect(answer.body.error).toMatchObject(tooManyPixels);
      }
      expect(peakMb - beforeMb).toBeLessThan(RSS_BUDGET_MB);
      expect(await storedImages()).toBe(0);
    },
  );

  it('after the flood a 26 MP picture is still refused and a 12 MP one (4000 × 3000) is stored (storage check)', async () => {
    const refused = await upload(staff, await plainPng(6000, 4334));
    expect(refused.status).toBe(413);
    expect(refused.body.error).toMatchObject(tooManyPixels);

    const pid = server.child.pid!;
    const beforeMb = rssMb(pid);
    const { result: stored, peakMb } = await peakRssDuring(pid, async () => upload(staff, await plainPng(4000, 3000)));
    console.log(`12 MP upload: RSS before ${beforeMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB (+${(peakMb - beforeMb).toFixed(0)} MB)`);
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({ width: 1600, height: 1200 });
    expect(await storedImages()).toBe(1);
  });
});

describe('uploads per person', () => {
  const t = useTestApp(() => signedInStaffApp());

  it(`the ${UPLOADS_PER_WINDOW + 1}st upload in ${UPLOAD_WINDOW_MINUTES} minutes answers 429 with Retry-After; another person can still upload`, async () => {
    const png = await plainPng(16, 16);
    for (let i = 0; i < UPLOADS_PER_WINDOW; i += 1) expect((await upload(t.staff, png)).status).toBe(201);

    const refused = await upload(t.staff, png);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      status: 'RESOURCE_EXHAUSTED',
      message: EDITOR_MESSAGES.imageRateLimited(UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MINUTES),
    });
    // Until the first of the 30 leaves the window: about the whole window, as they were all just now.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(UPLOAD_WINDOW_MINUTES * 60 - 30);
    expect(retryAfter).toBeLessThanOrEqual(UPLOAD_WINDOW_MINUTES * 60);

    const other = { ...STAFF, email: 'alex@northbridge-it.com.au', name: 'Alex Other' };
    await createStaff(t.database.db, other);
    const colleague = new StaffClient(t.app);
    expect((await colleague.signIn(other.email)).status).toBe(200);
    expect((await upload(colleague, png)).status).toBe(201);
  });
});

describe('the decode queue', () => {
  const t = useTestApp(() => signedInStaffApp());

  it('an upload while the queue is full answers 503 UNAVAILABLE with Retry-After, and goes through once it drains', async () => {
    // Room for the decode running and nobody waiting; the test holds that one slot itself.
    const queue = createDecodeQueue(0);
    const images = createImageService({ db: t.database.db, decodeQueue: queue });
    let release = () => {};
    const occupied = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const png = await plainPng(16, 16);
    const claim = { fileName: 'photo.png', contentType: 'image/png' };
    const actor = { userId: null, email: STAFF.email, ip: null };

    const busy: unknown = await images.upload(png, claim, actor).catch((err: unknown) => err);
    expect(busy).toBeInstanceOf(AppError);
    const { status, code, message, headers } = busy as AppError;
    expect({ status, code, message }).toEqual({ status: 503, code: 'UNAVAILABLE', message: EDITOR_MESSAGES.imageBusy });
    expect(Number(headers['Retry-After'])).toBeGreaterThan(0);

    release();
    await occupied;
    await expect(images.upload(png, claim, actor)).resolves.toMatchObject({ width: 16, height: 16 });
  });
});

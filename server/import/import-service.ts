import { randomUUID } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Db } from '../../db/database.ts';
import { bumpContentVersion, insertBlogs } from '../../db/queries/blogs.ts';
import { insertRevision } from '../../db/queries/blog-revisions.ts';
import {
  claimImport,
  failRequestedImport,
  findImport,
  findLastImport,
  findRequestedImports,
  finishImport,
  forgetDeletedItems,
  insertImport,
  insertImportedItems,
  isImportRunning,
  listImportedItems,
  requestImport,
  setImportProgress,
} from '../../db/queries/imports.ts';
import { insertRedirects } from '../../db/queries/redirects.ts';
import {
  IMPORT_MESSAGES,
  IMPORT_REQUEST_WAIT_MS,
  IMPORT_TEXT,
  type ImportStatus,
  type ImportSummary,
} from '../../shared/import-messages.ts';
import { isImageUrl } from '../../shared/schemas/blog-post.ts';
import { fieldErrors } from '../../shared/schemas/fields.ts';
import { wordsSchema } from '../../shared/schemas/site-words.ts';
import { CUSTOM_PAGE_FIELDS, type CustomPageKey, type CustomPageWords } from '../../shared/site-words.ts';
import type { BlogPost } from '../../shared/blog.ts';
import { type Actor, recordAudit } from '../audit/audit-log.ts';
import { AppError } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import { BLOG_AREA, parsePost, storedPost } from '../blog/blog-service.ts';
import { changeBetween } from '../blog/revision-diff.ts';
import { sanitizeHtml } from '../blog/sanitize-html.ts';
import type { ImageService } from '../media/image-service.ts';
import { readGhost } from './ghost-source.ts';
import { type BroughtImages, bringImages, withLibraryImages } from './import-images.ts';
import { type ImportPlan, type PlannedItem, cut, planImport } from './import-plan.ts';
import type { ImportSource } from './import-source.ts';
import { type SafeZip, openSafeZip } from './safe-zip.ts';
import { readWxr } from './wxr-source.ts';
import { type ArchiveMedia, bringArchiveMedia, withArchiveImages, writeArchiveWords, writeWordsOver } from './archive-import.ts';
import { isSiteArchive, readSiteArchive } from './site-archive.ts';

/** Posts written, and items sanitised, between two pauses that let the site answer other requests. */
const WRITE_CHUNK = 50;
const PREPARE_CHUNK = 10;
/**
 * A running import that has not taken a step for this long was cut off by a restart: another may start. Its
 * longest step is the one transaction, a few seconds for 2,000 posts (tests/bench/README.md).
 */
const STALE_MS = 15 * 60 * 1000;
/** How often an instance holding dry runs' files looks for imports of them asked for on another instance. */
const REQUEST_POLL_MS = 1_000;
/** Redirects checked and written at a time (each is checked against all the others: docs/product.md#redirects). */
const REDIRECT_CHUNK = 200;
/** The longest words a page takes (shared/site-words.ts): a WordPress page's title and excerpt are cut to them. */
const PAGE_FIELDS_MAX = {
  title: CUSTOM_PAGE_FIELDS.title.max,
  seoTitle: CUSTOM_PAGE_FIELDS.seoTitle.max,
  metaDescription: CUSTOM_PAGE_FIELDS.metaDescription.max,
};

/** The files of one import, kept on this instance's disk from the dry run to the import. */
export interface StagedFiles {
  /** The folders to remove once the import is done with them. */
  dirs: string[];
  exportPath: string;
  fileName: string;
  uploadsPath: string | null;
}

export interface ImportService {
  /** Reads the export file and works out what importing it would do; nothing is written but the import's record. */
  plan(files: StagedFiles, actor: Actor): Promise<ImportStatus>;
  /**
   * Runs a planned import in the background; its status tells how far it got. On an instance that does not hold
   * its files, asks for it instead: the one that does runs it (docs/product.md#import).
   */
  start(id: string, actor: Actor): Promise<ImportStatus>;
  /** Runs a planned import to its end (the command line, and `start`'s background work). */
  run(id: string, actor: Actor): Promise<ImportStatus>;
  status(id: string): Promise<ImportStatus>;
  /** The newest import that ran: its report stays on the Import page. */
  last(): Promise<ImportStatus | null>;
  /** A new folder for one import's files. */
  stagingDir(): Promise<string>;
  /** At shutdown: no more looking for requested imports, and the dry runs' files go (this instance's disk only). */
  stop(): Promise<void>;
}

export interface ImportServiceDeps {
  db: Db;
  images: ImageService;
  logger: Logger;
  /** The importing person's display name: the byline of posts whose file names no author. */
  nameOf: (actor: Actor) => Promise<string>;
  /** After an import's commit: caches drop what they rendered. */
  onChange?: () => void;
  /** After an import's commit that added redirects: this instance reloads them at once (others within a second). */
  redirectsChanged?: () => void;
  /** Saves site settings as the Settings page does (checked, audited): this site's archive brings its own. */
  applySettings?: (input: unknown, actor: Actor) => Promise<unknown>;
  /** How long an import asked for on another instance waits for this one's files (IMPORT_REQUEST_WAIT_MS; tests shorten it). */
  requestWaitMs?: number;
}

/** An archive's item with its images at their new ids: its body, featured image and page words. */
function withArchiveImagesIn(
  item: ImportSource['items'][number],
  ids: ReadonlyMap<string, string>,
): Partial<ImportSource['items'][number]> {
  const moved = (text: string) => withArchiveImages(text, ids);
  return {
    html: moved(item.html),
    featuredImage: item.featuredImage && moved(item.featuredImage),
    ...(item.pageWords && { pageWords: JSON.parse(moved(JSON.stringify(item.pageWords))) as Record<string, unknown> }),
  };
}

async function removeStaged(files: StagedFiles): Promise<void> {
  await Promise.all(files.dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}

/** The export file's kind from its first bytes: a zip, XML, or JSON. */
async function sniff(path: string): Promise<'zip' | 'xml' | 'json' | null> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(512), 0, 512, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) return 'zip';
    const text = head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    return text.startsWith('<') ? 'xml' : text.startsWith('{') ? 'json' : null;
  } finally {
    await file.close();
  }
}

/** The export file read; for this site's archive, the zip too, open (its media files are read when imported). */
async function readSource(files: StagedFiles): Promise<{ source: ImportSource; archive: SafeZip | null }> {
  const kind = await sniff(files.exportPath);
  if (kind === 'xml') return { source: await readWxr(files.exportPath), archive: null };
  if (kind === 'json') return { source: await readGhost(files.exportPath), archive: null };
  if (kind !== 'zip') throw new AppError('INVALID_ARGUMENT', IMPORT_MESSAGES.notAnExport);
  const zip = await openSafeZip(files.exportPath);
  try {
    if (!isSiteArchive(zip)) throw new AppError('INVALID_ARGUMENT', IMPORT_MESSAGES.notAnExport);
    return { source: await readSiteArchive(zip), archive: zip };
  } catch (err) {
    zip.close();
    throw err;
  }
}

/** What is written for one planned item, checked and sanitised before the transaction opens. */
type Prepared =
  | { planned: PlannedItem; kind: 'post'; post: ReturnType<typeof storedPost> }
  | { planned: PlannedItem; kind: 'page'; key: CustomPageKey; words: CustomPageWords; publishedAt: string | null };

export function createImportService({
  db,
  images,
  logger,
  nameOf,
  onChange = () => {},
  redirectsChanged = () => {},
  applySettings,
  requestWaitMs = IMPORT_REQUEST_WAIT_MS,
}: ImportServiceDeps): ImportService {
  /**
   * Dry runs' files on this instance, by import, until their import runs; and the progress of the one running here
   * (the database has it too).
   */
  const staged = new Map<string, StagedFiles & { at: number }>();
  /** Looks for imports of staged files asked for on another instance: set only while there are staged files. */
  let watching: NodeJS.Timeout | null = null;
  let stopped = false;

  /** Dry runs nobody imported within STALE_MS: their files go (choosing the file again plans it anew). */
  async function dropAbandoned(now: number): Promise<void> {
    for (const [id, files] of staged) {
      if (now - files.at < STALE_MS) continue;
      staged.delete(id);
      await removeStaged(files);
    }
  }
  const progress = new Map<string, number>();

  /** A requested import nobody ran within `requestWaitMs` is failed: the instance holding its files went away. */
  async function givenUpOn(found: ImportStatus): Promise<ImportStatus> {
    if (found.state !== 'requested') return found;
    const now = Date.now();
    const end = { before: new Date(now - requestWaitMs).toISOString(), error: IMPORT_MESSAGES.notStarted, at: new Date(now).toISOString() };
    return (await failRequestedImport(db, found.id, end)) ? ((await findImport(db, found.id)) ?? found) : found;
  }

  async function status(id: string): Promise<ImportStatus> {
    const found = await findImport(db, id);
    if (!found) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.notFound);
    const here = progress.get(id);
    return here === undefined ? givenUpOn(found) : { ...found, done: Math.max(found.done, here) };
  }

  /** Each planned item as the blog or the pages store it; one the site's rules refuse is left out with the reason. */
  async function prepare(
    plan: ImportPlan,
    brought: BroughtImages,
    byline: string,
    now: Date,
  ): Promise<{ items: Prepared[]; summary: ImportSummary }> {
    const summary = plan.summary;
    const items: Prepared[] = [];
    const at = now.toISOString();
    for (const [index, planned] of plan.items.entries()) {
      // Sanitising is the slow part: other requests are answered between every few items.
      if (index % PREPARE_CHUNK === 0) await yieldToOthers();
      const { item } = planned;
      const html = withLibraryImages(item.html, brought.addresses);
      // Brought into the library, or already an address a post may show (this site's, or https).
      const featured = item.featuredImage
        ? (brought.addresses.get(item.featuredImage) ?? (isImageUrl(item.featuredImage) ? item.featuredImage : null))
        : null;
      try {
        if (item.type === 'post') {
          const published = item.status !== 'draft';
          const data = parsePost({
            title: planned.title,
            excerpt: planned.excerpt,
            content: html,
            author: item.author || byline,
            tags: item.tags.join(', '),
            featuredImage: featured ?? '',
            featuredImageAlt: item.featuredImageAlt ?? '',
            featuredImageDecorative: !item.featuredImageAlt,
            slug: planned.address,
            published,
            publishedAt: item.date ?? '',
          });
          const publishedAt = data.publishedAt ?? at;
          const post = storedPost(data, {
            id: randomUUID(),
            slug: planned.address,
            publishedAt,
            publishDateFixed: Boolean(data.publishedAt) || published,
            createdAt: at,
            updatedAt: at,
          });
          items.push({ planned, kind: 'post', post });
        } else {
          const key: CustomPageKey = `page-${randomUUID()}`;
          const parsed = wordsSchema(key).safeParse({
            title: cut(planned.title, PAGE_FIELDS_MAX.title),
            seoTitle: cut(planned.title, PAGE_FIELDS_MAX.seoTitle),
            metaDescription: cut(planned.excerpt, PAGE_FIELDS_MAX.metaDescription),
            socialImage: featured ?? '',
            showInFooter: false,
            ...item.pageWords,
            address: planned.address,
            body: sanitizeHtml(html),
          });
          if (!parsed.success) throw new AppError('INVALID_ARGUMENT', Object.values(fieldErrors(parsed.error, { nested: true })).join(' '));
          items.push({
            planned,
            kind: 'page',
            key,
            words: parsed.data as CustomPageWords,
            publishedAt: item.status === 'published' ? (item.date ?? at) : null,
          });
        }
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const fields = Object.values((err.details as { fields?: Record<string, string> } | undefined)?.fields ?? {});
        summary.skipped.push({ title: planned.title, reason: IMPORT_MESSAGES.skip.invalid(fields.join(' ') || err.message) });
        summary.counts[item.type === 'post' ? 'posts' : 'pages'] -= 1;
      }
    }
    return { items, summary };
  }

  /** Writes everything in one transaction (docs/product.md#import): a failure anywhere keeps nothing of it. */
  async function write(
    id: string,
    plan: ImportPlan,
    { items, summary, media }: { items: Prepared[]; summary: ImportSummary; media: ArchiveMedia },
    actor: Actor,
    base: number,
  ): Promise<void> {
    const now = new Date();
    const at = now.toISOString();
    let written = 0;
    await db.transaction().execute(async (trx) => {
      await forgetDeletedItems(trx, plan.source.sourceKey);
      const posts = items.filter((p) => p.kind === 'post');
      for (let i = 0; i < posts.length; i += WRITE_CHUNK) {
        const chunk = posts.slice(i, i + WRITE_CHUNK).map((p) => p.post);
        await insertBlogs(trx, chunk, actor.userId);
        for (const post of chunk) {
          await insertRevision(trx, {
            id: randomUUID(),
            post,
            userId: actor.userId,
            at,
            change: changeBetween(null, post as BlogPost, now),
          });
        }
        written += chunk.length;
        progress.set(id, base + written);
        await yieldToOthers();
      }
      for (const page of items) {
        if (page.kind !== 'page') continue;
        await writeWordsOver(trx, page.key, { words: page.words, publishedAt: page.publishedAt }, actor, at);
        written += 1;
        progress.set(id, base + written);
      }
      if (plan.source.archive) {
        const { restored, refused } = await writeArchiveWords(trx, plan.source.archive.words, media.ids, actor, at);
        summary.restored = restored;
        summary.skipped.push(...refused.map((title) => ({ title, reason: IMPORT_MESSAGES.wordsRefused })));
      }
      await insertImportedItems(trx, id, plan.source.sourceKey, [
        ...items.map((p) => ({ sourceId: p.planned.item.sourceId, target: p.kind, targetId: p.kind === 'post' ? p.post.id : p.key })),
        ...media.added.map((m) => ({ ...m, target: 'image' as const })),
      ]);
      // Only the redirects of what was written (a refused item's old address has nowhere to go).
      const writtenTargets = new Set(items.map((p) => (p.kind === 'post' ? `/blog/${p.post.slug}` : `/${p.words.address}`)));
      const refusedTargets = new Set(
        plan.items.map((p) => (p.item.type === 'post' ? `/blog/${p.address}` : `/${p.address}`)).filter((t) => !writtenTargets.has(t)),
      );
      const rows = plan.redirects.filter((r) => !refusedTargets.has(r.to)).map((r) => ({ ...r, origin: 'import' as const }));
      summary.counts.redirects = 0;
      summary.skippedRedirects = [];
      for (let i = 0; i < rows.length; i += REDIRECT_CHUNK) {
        const redirects = await insertRedirects(trx, rows.slice(i, i + REDIRECT_CHUNK), { createdBy: actor.userId, at });
        summary.counts.redirects += redirects.added;
        summary.skippedRedirects.push(...redirects.skipped);
        await yieldToOthers();
      }
      await recordAudit(trx, actor, 'site.imported', `${id} ${summary.fileName}`);
      await bumpContentVersion(trx, BLOG_AREA);
    });
  }

  /** The rule for running imports cut off by a restart, as of now (see `claimImport`). */
  function staleRule() {
    const now = Date.now();
    return { before: new Date(now - STALE_MS).toISOString(), error: IMPORT_MESSAGES.interrupted, at: new Date(now).toISOString() };
  }

  /** Moves a planned import to running: refused while another runs, or when it was started already. */
  async function claim(id: string): Promise<StagedFiles> {
    const before = await status(id);
    if (before.state !== 'planned') throw new AppError('ABORTED', IMPORT_MESSAGES.alreadyStarted);
    const files = staged.get(id);
    if (!files) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.notFound);
    if (!(await claimImport(db, id, 'planned', staleRule()))) throw new AppError('ABORTED', IMPORT_MESSAGES.busy);
    staged.delete(id);
    return files;
  }

  /**
   * "Import" on an instance without the files: recorded for the instance that has them, which runs it within a
   * second (`watch`), as the one who asked. Refused as `claim` refuses, while another runs or once it started.
   */
  async function request(id: string, actor: Actor): Promise<ImportStatus> {
    const before = await status(id);
    if (before.state !== 'planned') throw new AppError('ABORTED', IMPORT_MESSAGES.alreadyStarted);
    if (await isImportRunning(db, staleRule())) throw new AppError('ABORTED', IMPORT_MESSAGES.busy);
    if (!(await requestImport(db, id, actor, new Date().toISOString()))) throw new AppError('ABORTED', IMPORT_MESSAGES.alreadyStarted);
    return status(id);
  }

  /** Runs a claimed import in the background: its end is in the database (a failure too), so nothing waits for it. */
  function begin(id: string, files: StagedFiles, actor: Actor): void {
    void work(id, files, actor).catch((err: unknown) => logger.error({ err, importId: id }, 'import could not record its end'));
  }

  /** Runs the imports of this instance's staged files that were asked for on another instance. */
  async function takeRequested(): Promise<void> {
    if (staged.size === 0) return;
    for (const { id, requester } of await findRequestedImports(db, [...staged.keys()])) {
      const files = staged.get(id);
      // Gone meanwhile: run here, or dropped at shutdown (`stop`).
      if (!files) continue;
      if (await claimImport(db, id, 'requested', staleRule())) {
        staged.delete(id);
        begin(id, files, requester);
        continue;
      }
      // Another import started meanwhile (or another instance gave up on this one): it ends, and its files go.
      await failRequestedImport(db, id, { error: IMPORT_MESSAGES.busy, at: new Date().toISOString() });
      staged.delete(id);
      await removeStaged(files);
    }
  }

  /** One cheap query a second while this instance holds staged files; no timer at all otherwise. */
  function watch(): void {
    if (watching || stopped || staged.size === 0) return;
    watching = setTimeout(() => {
      takeRequested()
        .catch((err: unknown) => logger.error({ err }, 'requested imports not looked for'))
        .finally(() => {
          watching = null;
          watch();
        });
    }, REQUEST_POLL_MS);
    watching.unref();
  }

  /** A claimed import, to its end: done, or failed with where it stopped and nothing of it kept. */
  async function work(id: string, files: StagedFiles, actor: Actor): Promise<void> {
    let where: string = IMPORT_MESSAGES.where.reading;
    let zip: SafeZip | null = null;
    let archive: SafeZip | null = null;
    try {
      zip = files.uploadsPath ? await openSafeZip(files.uploadsPath) : null;
      const read = await readSource(files);
      archive = read.archive;
      const plan = await planImport(db, read.source, files.fileName);
      const media = plan.source.archive?.media ?? [];
      const total = plan.images.length + media.length + plan.items.length;
      await setImportProgress(db, id, 0, total);
      where = IMPORT_MESSAGES.where.images;
      const onImage = (done: number) => setImportProgress(db, id, done);
      const brought = await bringImages(plan.images, { images, zip, actor }, onImage);
      const archiveMedia: ArchiveMedia = archive
        ? await bringArchiveMedia(archive, media, await listImportedItems(db, plan.source.sourceKey), { images, actor }, onImage)
        : { ids: new Map(), added: [], missing: [] };
      if (archive) for (const item of plan.source.items) Object.assign(item, withArchiveImagesIn(item, archiveMedia.ids));
      plan.summary.missingImages = [...brought.missing, ...archiveMedia.missing];
      plan.summary.counts.images = brought.addresses.size + archiveMedia.added.length;
      const { items, summary } = await prepare(plan, brought, await nameOf(actor), new Date());
      where = IMPORT_MESSAGES.where.writing;
      await write(id, plan, { items, summary, media: archiveMedia }, actor, plan.images.length + media.length);
      // Committed: caches drop what they rendered, and this instance answers the new redirects at once.
      onChange();
      if (summary.counts.redirects > 0) redirectsChanged();
      // The settings go through the Settings page's own save (its checks, the favicon's sizes, its audit entry).
      if (plan.source.archive?.settings && applySettings) {
        const settings = JSON.parse(withArchiveImages(JSON.stringify(plan.source.archive.settings), archiveMedia.ids)) as unknown;
        await applySettings(settings, actor).then(
          () => summary.restored.push(IMPORT_TEXT.settingsName),
          // The import has committed: a refusal here is reported, never taken for the import's failure.
          (err: unknown) => {
            if (!(err instanceof AppError)) logger.error({ err, importId: id }, 'imported settings not saved');
            summary.skipped.push({ title: IMPORT_TEXT.settingsName, reason: IMPORT_MESSAGES.settingsRefused((err as Error).message) });
          },
        );
      }
      await finishImport(db, id, { state: 'done', summary, error: null, done: total, at: new Date().toISOString() });
    } catch (err) {
      logger.error({ err, importId: id }, 'import failed');
      const why = err instanceof AppError ? err.message : String((err as Error).message ?? err);
      const current = await findImport(db, id);
      await finishImport(db, id, {
        state: 'failed',
        summary: current!.summary,
        error: IMPORT_MESSAGES.stoppedAt(where, why),
        done: current!.done,
        at: new Date().toISOString(),
      });
    } finally {
      zip?.close();
      archive?.close();
      progress.delete(id);
      await removeStaged(files);
    }
  }

  return {
    async plan(files, actor) {
      await dropAbandoned(Date.now());
      try {
        const zip = files.uploadsPath ? await openSafeZip(files.uploadsPath) : null;
        zip?.close();
        const { source, archive } = await readSource(files);
        archive?.close();
        const plan = await planImport(db, source, files.fileName);
        const id = randomUUID();
        await insertImport(db, { id, summary: plan.summary, createdBy: actor.userId, at: new Date().toISOString() });
        staged.set(id, { ...files, at: Date.now() });
        watch();
        return status(id);
      } catch (err) {
        await removeStaged(files);
        throw err;
      }
    },

    async start(id, actor) {
      if (!staged.has(id)) return request(id, actor);
      begin(id, await claim(id), actor);
      return status(id);
    },

    async run(id, actor) {
      await work(id, await claim(id), actor);
      return status(id);
    },
    status,
    async last() {
      const found = await findLastImport(db);
      return found ? givenUpOn(found) : null;
    },
    stagingDir: () => mkdtemp(join(tmpdir(), 'site-import-')),
    async stop() {
      stopped = true;
      if (watching) clearTimeout(watching);
      const files = [...staged.values()];
      staged.clear();
      await Promise.all(files.map(removeStaged));
    },
  };
}

import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { bumpContentVersion } from '../../db/queries/blogs.ts';
import { setImageUses } from '../../db/queries/image-uses.ts';
import { deleteAutosave, findAutosave, upsertAutosave } from '../../db/queries/blog-revisions.ts';
import {
  type StoredWords,
  deleteWords,
  findStoredWords,
  findWordsRevision,
  insertWordsRevision,
  listStoredWords,
  listWordsRevisions,
  writeWords,
} from '../../db/queries/site-words.ts';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { PAGES_MESSAGES, PAGES_TEXT } from '../../shared/pages-texts.ts';
import { hasVisibleContent } from '../../shared/read-time.ts';
import { fieldErrors } from '../../shared/schemas/fields.ts';
import { wordsSchema } from '../../shared/schemas/site-words.ts';
import { SERVICE_IDS, type ServiceId, isServiceId } from '../../shared/services.ts';
import {
  BLANK_CUSTOM_PAGE,
  BUILT_IN_KEYS,
  type CustomPage,
  type CustomPageWords,
  type FieldValue,
  PAGE_NAMES,
  WORDS_USE_PREFIX,
  WORDS_CHANGE_KINDS,
  WORDS_REVISIONS_KEPT,
  type SiteWords,
  type WordsChangeKind,
  type WordsDiffField,
  type WordsEditorState,
  type WordsKey,
  type WordsSummary,
  defaultSiteWords,
  fieldText,
  fieldsOf,
  isCustomPageKey,
  isWordsKey,
  serviceLabels,
  wordsOf,
} from '../../shared/site-words.ts';
import { serviceNamesOf } from '../../shared/lead-fields.ts';
import { type Actor, recordAudit } from '../audit/audit-log.ts';
import { AppError, invalidFields } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import { bodyText } from '../blog/revision-diff.ts';
import { sanitizeHtml } from '../blog/sanitize-html.ts';
import { diffWords } from '../blog/word-diff.ts';
import { pagesShowing } from './pages-showing.ts';

type Words = Record<string, FieldValue>;

export interface SiteWordsReader {
  /** The published words of every page and service (today's where none were published), and the published pages staff made; `name` is the company's. */
  current(name: string): Promise<SiteWords>;
  /** The same, with `key`'s draft in place of its published words: what its preview shows. */
  withDraft(key: string, name: string): Promise<SiteWords | null>;
  /** Each service's name in force: what the lead e-mails call it. */
  serviceNames(): Promise<Record<ServiceId, string>>;
}

export interface SiteWordsService extends SiteWordsReader {
  list(name: string): Promise<WordsSummary[]>;
  /** The form of `key` as `viewer` opens it (their newer autosave included). */
  editorState(key: string, name: string, viewer?: Actor): Promise<WordsEditorState>;
  /**
   * Saves the form as the draft (`publish` false) or publishes it, when the stored version is still `version`
   * (what the form was opened with); another save in between is refused, never overwritten.
   */
  save(
    key: string,
    input: unknown,
    options: { version: number; publish: boolean; publishAt?: string | null; actor: Actor; name: string },
  ): Promise<WordsEditorState>;
  discardDraft(key: string, options: { version: number; actor: Actor; name: string }): Promise<WordsEditorState>;
  /** An earlier version's words become the draft. */
  restore(key: string, revisionId: string, options: { version: number; actor: Actor; name: string }): Promise<WordsEditorState>;
  /** What changed from an earlier version to the words now in force for the editor (the draft, else the published). */
  diff(key: string, revisionId: string, name: string): Promise<WordsDiffField[]>;
  /** Deletes a page staff made, with its history: its address answers 404 from then on. */
  deletePage(key: string, options: { version: number; actor: Actor }): Promise<void>;
  /** Keeps the form as `actor` left it while typing (the editor offers it back); a save or publish drops it. */
  autosave(key: string, input: unknown, actor: Actor): Promise<{ savedAt: string }>;
  discardAutosave(key: string, actor: Actor): Promise<void>;
}

export interface SiteWordsServiceDeps {
  db: Db;
  logger: Logger;
  /**
   * The content area the page cache watches: a publish bumps it naming the pages that show the words
   * (pages-showing.ts), so every instance renders those pages again, and only those.
   */
  contentArea: string;
  /** Called after each committed publish or deletion, so this instance's cache reads the change at once. */
  onChange?: () => void;
}

/**
 * One autosave per person and key, in the blog editor's autosave table (the same safety net); `blog_id` stays empty.
 * The key fits its 80 characters: "w:", a page staff made's key (41) and a user id (36).
 */
function autosaveKey(key: WordsKey, actor: Pick<Actor, 'userId'>): string {
  if (!actor.userId) throw new AppError('UNAUTHENTICATED', ADMIN_MESSAGES.signInRequired);
  return `w:${key}:${actor.userId}`;
}

/** A row as it reads at `now`: a scheduled draft whose time has come is the published words (the next save writes it so). */
function effective(row: StoredWords, now: string): StoredWords {
  if (!row.scheduledAt || row.scheduledAt > now) return row;
  return { ...row, published: row.draft, publishedAt: row.scheduledAt, draft: null, draftSavedAt: null, scheduledAt: null };
}

const LIST_KINDS: ReadonlySet<string> = new Set(['lines', 'paragraphs', 'pairs', 'links']);

/**
 * A form as typed, kept only as far as it has the form's fields with values of their kind: unfinished (an empty
 * field) is fine, anything else is dropped. A body is sanitised as a save would sanitise it.
 */
function typedWords(key: WordsKey, input: unknown): Words {
  const form = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const kept: Words = {};
  for (const [field, spec] of Object.entries(fieldsOf(key))) {
    const value = form[field];
    if (spec.kind === 'flag' ? typeof value === 'boolean' : LIST_KINDS.has(spec.kind) ? Array.isArray(value) : typeof value === 'string') {
      kept[field] = spec.kind === 'rich' ? sanitizeHtml(String(value)) : (value as FieldValue);
    }
  }
  return kept;
}

function keyOf(key: string): WordsKey {
  if (!isWordsKey(key)) throw new AppError('NOT_FOUND', PAGES_MESSAGES.notFound);
  return key;
}

/** The fields whose words differ, in form order. */
function changedFields(key: WordsKey, before: Words, after: Words): string[] {
  return Object.keys(fieldsOf(key)).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

/** The words a key's public pages show: a built-in key always shows some (its defaults), a page staff made only once published. */
function publicWords(state: WordsEditorState): Words | null {
  return state.isCustom && !state.publishedAt ? null : state.published;
}

/** A page staff made, as its words read it: the address it answers at and the body, sanitised again on the way out. */
function customPage(key: WordsKey, words: Words, publishedAt: string | null): CustomPage | null {
  if (!isCustomPageKey(key) || !publishedAt) return null;
  const page = words as CustomPageWords;
  return { ...page, body: sanitizeHtml(page.body), key, publishedAt };
}

export function createSiteWordsService({ db, logger, contentArea, onChange = () => {} }: SiteWordsServiceDeps): SiteWordsService {
  /**
   * Stored words over the defaults, field by field: a field added since they were saved shows its default, and a
   * stored document that no longer passes today's rules is left aside (logged) rather than shown.
   */
  function resolve(key: WordsKey, stored: unknown, defaults: Words): Words | null {
    if (!stored || typeof stored !== 'object') return null;
    const known = Object.fromEntries(Object.entries(stored).filter(([field]) => field in defaults));
    const parsed = wordsSchema(key).safeParse({ ...defaults, ...known });
    if (parsed.success) return parsed.data as Words;
    logger.warn({ key, fields: Object.keys(fieldErrors(parsed.error, { nested: true })) }, 'stored page words refused; left aside');
    return null;
  }

  /** The site's words from the stored rows: each built-in key's published words (or draft, for `draftOf`), and the pages staff made. */
  function assemble(stored: StoredWords[], name: string, draftOf?: WordsKey): SiteWords {
    const words = defaultSiteWords(name);
    const now = new Date().toISOString();
    for (const row of stored.map((r) => effective(r, now))) {
      if (!isWordsKey(row.key)) continue;
      const draft =
        row.key === draftOf ? resolve(row.key, row.draft, isCustomPageKey(row.key) ? BLANK_CUSTOM_PAGE : wordsOf(words, row.key)) : null;
      if (isCustomPageKey(row.key)) {
        const page = customPage(
          row.key,
          draft ?? resolve(row.key, row.published, BLANK_CUSTOM_PAGE) ?? BLANK_CUSTOM_PAGE,
          draft ? (row.publishedAt ?? row.draftSavedAt) : row.publishedAt,
        );
        if (page && page.address) words.customPages.push(page);
        continue;
      }
      const target = wordsOf(words, row.key);
      const chosen = draft ?? resolve(row.key, row.published, target);
      if (chosen) Object.assign(target, chosen);
    }
    return words;
  }

  /** The words a form sent, checked, with a page's body sanitised and its address free; a refusal names each field. */
  async function parseWords(trx: Db, key: WordsKey, input: unknown): Promise<Words> {
    const parsed = wordsSchema(key).safeParse(input ?? {});
    if (!parsed.success) throw invalidFields(FIELD_MESSAGES.fixErrors, fieldErrors(parsed.error, { nested: true }));
    if (!isCustomPageKey(key)) return parsed.data as Words;
    const page = parsed.data as CustomPageWords;
    const body = sanitizeHtml(page.body);
    // A body made only of what the sanitiser removes (a lone <script>) would be stored empty.
    if (!hasVisibleContent(body))
      throw invalidFields(FIELD_MESSAGES.fixErrors, { body: FIELD_MESSAGES.required(fieldsOf(key).body!.label) });
    const others = (await listStoredWords(trx)).filter((row) => row.key !== key && isCustomPageKey(row.key));
    const taken = others.some((row) =>
      [row.published, row.draft].some((w) => (w as Partial<CustomPageWords> | null)?.address === page.address),
    );
    if (taken) throw invalidFields(PAGES_MESSAGES.addressTaken(page.address), { address: PAGES_MESSAGES.addressTaken(page.address) });
    return { ...page, body };
  }

  function displayName(key: WordsKey, words: SiteWords, custom?: Words | null): string {
    if (isCustomPageKey(key)) return String(custom?.title || PAGES_TEXT.newPageTitle);
    return isServiceId(key) ? words.services[key].name : PAGE_NAMES[key];
  }

  async function stateOf(from: Db, key: WordsKey, name: string, viewer?: Actor): Promise<WordsEditorState> {
    const [stored, revisions, autosaved] = await Promise.all([
      findStoredWords(from, key),
      listWordsRevisions(from, key, WORDS_REVISIONS_KEPT),
      viewer?.userId ? findAutosave(from, autosaveKey(key, viewer)) : undefined,
    ]);
    const row = stored && effective(stored, new Date().toISOString());
    const isCustom = isCustomPageKey(key);
    const words = assemble(isCustom || !row ? [] : [row], name);
    const published = isCustom ? ((row && resolve(key, row.published, BLANK_CUSTOM_PAGE)) ?? BLANK_CUSTOM_PAGE) : wordsOf(words, key);
    const draft = row ? resolve(key, row.draft, published) : null;
    const lastSave = [row?.draftSavedAt, row?.publishedAt].filter(Boolean).sort().at(-1) ?? '';
    const autosave =
      autosaved && autosaved.savedAt > lastSave
        ? { words: { ...(draft ?? published), ...typedWords(key, JSON.parse(autosaved.form)) }, savedAt: autosaved.savedAt }
        : null;
    return {
      key,
      name: displayName(key, words, draft ?? published),
      published,
      publishedAt: row?.publishedAt ?? null,
      draft,
      draftSavedAt: row?.draftSavedAt ?? null,
      scheduledAt: row?.scheduledAt ?? null,
      version: row?.version ?? 0,
      revisions: revisions.map((r) => ({ ...r, kind: WORDS_CHANGE_KINDS.find((k) => k === r.kind) ?? 'draft' })),
      isCustom,
      autosave,
    };
  }

  /** The audit entry's detail: the key, the fields changed ("-" for none) and the page's name then. */
  const auditTarget = (key: WordsKey, fields: string[], name: string) => `${key} ${fields.join(',') || '-'} ${name}`;

  /**
   * One write of a key's words in one transaction with its history entry, its audit entry and where it uses images;
   * a publish also bumps the content version. Refused when someone saved since `version` was read.
   */
  async function write(
    key: WordsKey,
    version: number,
    actor: Actor,
    name: string,
    change: { kind: WordsChangeKind | 'discarded'; input: unknown; publish: boolean; scheduledAt?: string | null },
  ): Promise<WordsEditorState> {
    const at = new Date().toISOString();
    const publishes = change.publish || change.kind === 'scheduled';
    await db.transaction().execute(async (trx) => {
      const words = change.input === null ? null : await parseWords(trx, key, change.input);
      const before = await stateOf(trx, key, name);
      // A scheduled publish whose time has come is written as published now, unless this save publishes anew.
      const arrived = before.publishedAt && !change.publish ? { words: before.published, at: before.publishedAt } : undefined;
      const scheduledAt = change.scheduledAt ?? null;
      const ok = await writeWords(trx, key, version, {
        published: change.publish && words ? { words, at } : arrived,
        draft: change.publish ? null : words,
        draftSavedAt: change.publish || !words ? null : at,
        scheduledAt,
        at,
      });
      if (!ok) throw new AppError('ABORTED', PAGES_MESSAGES.conflict);
      if (actor.userId) await deleteAutosave(trx, autosaveKey(key, actor));
      if (change.kind !== 'discarded' && words) {
        await insertWordsRevision(trx, { id: randomUUID(), key, words, kind: change.kind, userId: actor.userId, at }, WORDS_REVISIONS_KEPT);
      }
      const after = await stateOf(trx, key, name);
      // Images in a page's draft or published words stay "used" in the media library, so none is purged from under it.
      await setImageUses(trx, 'settings', `${WORDS_USE_PREFIX}${key}`, { settings: JSON.stringify([after.published, after.draft]) }, at);
      const fields = words ? changedFields(key, before.published, words) : [];
      await recordAudit(trx, actor, `words.${change.kind}`, auditTarget(key, fields, after.name));
      // A schedule bumps it too, as a scheduled post's save does: every instance's cache then checks at once and
      // learns when the words go live (it re-renders then, with no other write); it changes no page yet.
      if (publishes) {
        const paths = change.publish ? pagesShowing(key, publicWords(before), publicWords(after)) : [];
        await bumpContentVersion(trx, contentArea, paths);
      }
    });
    if (publishes) onChange();
    return stateOf(db, key, name);
  }

  return {
    async current(name) {
      return assemble(await listStoredWords(db), name);
    },

    async serviceNames() {
      // Only the services' rows: a lead's e-mails need nothing else (the company name does not appear in a service's).
      // Unreadable, the catalogue's names do: a lead is never refused for the sake of a renamed service.
      const rows = await listStoredWords(db, SERVICE_IDS).catch((err: unknown) => {
        logger.warn({ err }, 'service names unreadable; the e-mails use the catalogue’s');
        return [];
      });
      return serviceNamesOf(serviceLabels(assemble(rows, '')));
    },

    async withDraft(key, name) {
      if (!isWordsKey(key)) return null;
      return assemble(await listStoredWords(db), name, key);
    },

    async list(name) {
      const now = new Date().toISOString();
      const rows = (await listStoredWords(db)).map((row) => effective(row, now));
      const words = assemble(rows, name);
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const custom = rows.filter((row) => isCustomPageKey(row.key)).map((row) => row.key as WordsKey);
      return [...BUILT_IN_KEYS, ...custom].map((key) => {
        const row = byKey.get(key);
        const own =
          row && isCustomPageKey(key)
            ? (resolve(key, row.draft, BLANK_CUSTOM_PAGE) ?? resolve(key, row.published, BLANK_CUSTOM_PAGE))
            : null;
        return { key, name: displayName(key, words, own), publishedAt: row?.publishedAt ?? null, draftSavedAt: row?.draftSavedAt ?? null };
      });
    },

    editorState: (key, name, viewer) => stateOf(db, keyOf(key), name, viewer),

    async autosave(key, input, actor) {
      const k = keyOf(key);
      const savedAt = new Date().toISOString();
      await upsertAutosave(db, {
        key: autosaveKey(k, actor),
        userId: actor.userId!,
        blogId: null,
        form: JSON.stringify(typedWords(k, input)),
        at: savedAt,
      });
      return { savedAt };
    },

    async discardAutosave(key, actor) {
      await deleteAutosave(db, autosaveKey(keyOf(key), actor));
    },

    save(key, input, { version, publish, publishAt, actor, name }) {
      // A publish at a time still to come is a draft that becomes the published words then (effective()).
      if (publish && publishAt && publishAt > new Date().toISOString()) {
        return write(keyOf(key), version, actor, name, { kind: 'scheduled', input, publish: false, scheduledAt: publishAt });
      }
      return write(keyOf(key), version, actor, name, { kind: publish ? 'published' : 'draft', input, publish });
    },

    discardDraft(key, { version, actor, name }) {
      return write(keyOf(key), version, actor, name, { kind: 'discarded', input: null, publish: false });
    },

    async restore(key, revisionId, { version, actor, name }) {
      const k = keyOf(key);
      const stored = await findWordsRevision(db, k, revisionId);
      if (stored === undefined) throw new AppError('NOT_FOUND', PAGES_MESSAGES.revisionNotFound);
      return write(k, version, actor, name, { kind: 'restored', input: stored, publish: false });
    },

    async diff(key, revisionId, name) {
      const k = keyOf(key);
      const [stored, current] = await Promise.all([findWordsRevision(db, k, revisionId), stateOf(db, k, name)]);
      if (stored === undefined) throw new AppError('NOT_FOUND', PAGES_MESSAGES.revisionNotFound);
      const now = current.draft ?? current.published;
      const then = resolve(k, stored, current.published) ?? current.published;
      const specs = fieldsOf(k);
      // A body reads as its paragraphs' words, the way a post's diff reads it.
      const text = (field: string, words: Words) =>
        specs[field]!.kind === 'rich' ? bodyText(String(words[field])) : fieldText(words[field]!);
      return changedFields(k, then, now).map((field) => ({
        field,
        label: specs[field]!.label,
        parts: diffWords(text(field, then), text(field, now)),
      }));
    },

    async deletePage(key, { version, actor }) {
      const k = keyOf(key);
      if (!isCustomPageKey(k)) throw new AppError('INVALID_ARGUMENT', PAGES_MESSAGES.builtInNotDeleted);
      await db.transaction().execute(async (trx) => {
        const before = await stateOf(trx, k, '');
        if (!(await deleteWords(trx, k, version))) throw new AppError('ABORTED', PAGES_MESSAGES.conflict);
        await setImageUses(trx, 'settings', `${WORDS_USE_PREFIX}${k}`, {}, new Date().toISOString());
        await recordAudit(trx, actor, 'words.deleted', auditTarget(k, [], before.name));
        await bumpContentVersion(trx, contentArea, pagesShowing(k, publicWords(before), null));
      });
      onChange();
    },
  };
}

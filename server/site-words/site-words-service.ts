import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { bumpContentVersion } from '../../db/queries/blogs.ts';
import {
  type StoredWords,
  findStoredWords,
  findWordsRevision,
  insertWordsRevision,
  listStoredWords,
  listWordsRevisions,
  writeWords,
} from '../../db/queries/site-words.ts';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { PAGES_MESSAGES } from '../../shared/admin-texts.ts';
import { fieldErrors } from '../../shared/schemas/fields.ts';
import { wordsSchema } from '../../shared/schemas/site-words.ts';
import { isServiceId } from '../../shared/services.ts';
import {
  type FieldValue,
  PAGE_NAMES,
  WORDS_CHANGE_KINDS,
  WORDS_KEYS,
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
  isWordsKey,
  wordsOf,
} from '../../shared/site-words.ts';
import { type Actor, recordAudit } from '../audit/audit-log.ts';
import { AppError, invalidFields } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import { diffWords } from '../blog/word-diff.ts';

type Words = Record<string, FieldValue>;

export interface SiteWordsReader {
  /** The published words of every page and service, today's words where none were published; `name` is the company's. */
  current(name: string): Promise<SiteWords>;
  /** The same, with `key`'s draft in place of its published words: what its preview shows. */
  withDraft(key: string, name: string): Promise<SiteWords | null>;
}

export interface SiteWordsService extends SiteWordsReader {
  list(name: string): Promise<WordsSummary[]>;
  editorState(key: string, name: string): Promise<WordsEditorState>;
  /**
   * Saves the form as the draft (`publish` false) or publishes it, when the stored version is still `version`
   * (what the form was opened with); another save in between is refused, never overwritten.
   */
  save(key: string, input: unknown, options: { version: number; publish: boolean; actor: Actor; name: string }): Promise<WordsEditorState>;
  discardDraft(key: string, options: { version: number; actor: Actor; name: string }): Promise<WordsEditorState>;
  /** An earlier version's words become the draft. */
  restore(key: string, revisionId: string, options: { version: number; actor: Actor; name: string }): Promise<WordsEditorState>;
  /** What changed from an earlier version to the words now in force for the editor (the draft, else the published). */
  diff(key: string, revisionId: string, name: string): Promise<WordsDiffField[]>;
}

export interface SiteWordsServiceDeps {
  db: Db;
  logger: Logger;
  /** The content area the page cache watches: a publish bumps it, so every instance renders its pages again. */
  contentArea: string;
  /** Called after each committed publish, so this instance's cache drops its pages at once. */
  onChange?: () => void;
}

function keyOf(key: string): WordsKey {
  if (!isWordsKey(key)) throw new AppError('NOT_FOUND', PAGES_MESSAGES.notFound);
  return key;
}

/** The words a form sent, checked; a refusal names each field. */
function parseWords(key: WordsKey, input: unknown): Words {
  const parsed = wordsSchema(key).safeParse(input ?? {});
  if (!parsed.success) throw invalidFields(FIELD_MESSAGES.fixErrors, fieldErrors(parsed.error, { nested: true }));
  return parsed.data as Words;
}

/** The fields whose words differ, in form order. */
function changedFields(key: WordsKey, before: Words, after: Words): string[] {
  return Object.keys(fieldsOf(key)).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
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
    logger.warn({ key, fields: Object.keys(fieldErrors(parsed.error, { nested: true })) }, 'stored page words refused; showing the defaults');
    return null;
  }

  function assemble(rows: StoredWords[], name: string, draftOf?: WordsKey): SiteWords {
    const words = defaultSiteWords(name);
    for (const row of rows) {
      if (!isWordsKey(row.key)) continue;
      const target = wordsOf(words, row.key);
      const chosen = (row.key === draftOf && resolve(row.key, row.draft, target)) || resolve(row.key, row.published, target);
      if (chosen) Object.assign(target, chosen);
    }
    return words;
  }

  function displayName(key: WordsKey, words: SiteWords): string {
    return isServiceId(key) ? words.services[key].name : PAGE_NAMES[key];
  }

  async function stateOf(from: Db, key: WordsKey, name: string): Promise<WordsEditorState> {
    const [row, revisions] = await Promise.all([findStoredWords(from, key), listWordsRevisions(from, key, WORDS_REVISIONS_KEPT)]);
    const words = assemble(row ? [row] : [], name);
    const published = wordsOf(words, key);
    return {
      key,
      name: displayName(key, words),
      published,
      publishedAt: row?.publishedAt ?? null,
      draft: row ? resolve(key, row.draft, published) : null,
      draftSavedAt: row?.draftSavedAt ?? null,
      version: row?.version ?? 0,
      revisions: revisions.map((r) => ({ ...r, kind: WORDS_CHANGE_KINDS.find((k) => k === r.kind) ?? 'draft' })),
    };
  }

  /**
   * One write of a key's words in one transaction with its history entry and audit entry; a publish also bumps the
   * content version. Refused when someone saved since `version` was read.
   */
  async function write(
    key: WordsKey,
    version: number,
    actor: Actor,
    name: string,
    change: { kind: WordsChangeKind | 'discarded'; words: Words | null; publish: boolean },
  ): Promise<WordsEditorState> {
    const at = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      const before = await stateOf(trx, key, name);
      const ok = await writeWords(trx, key, version, {
        published: change.publish && change.words ? { words: change.words, at } : undefined,
        draft: change.publish ? null : change.words,
        draftSavedAt: change.publish || !change.words ? null : at,
        at,
      });
      if (!ok) throw new AppError('ABORTED', PAGES_MESSAGES.conflict);
      if (change.kind !== 'discarded' && change.words) {
        await insertWordsRevision(trx, { id: randomUUID(), key, words: change.words, kind: change.kind, userId: actor.userId, at }, WORDS_REVISIONS_KEPT);
      }
      const fields = change.words ? changedFields(key, before.published, change.words) : [];
      await recordAudit(trx, actor, `words.${change.kind}`, `${key} ${fields.join(',')}`.trim());
      if (change.publish) await bumpContentVersion(trx, contentArea);
    });
    if (change.publish) onChange();
    return stateOf(db, key, name);
  }

  return {
    async current(name) {
      return assemble(await listStoredWords(db), name);
    },

    async withDraft(key, name) {
      if (!isWordsKey(key)) return null;
      return assemble(await listStoredWords(db), name, key);
    },

    async list(name) {
      const rows = await listStoredWords(db);
      const words = assemble(rows, name);
      const byKey = new Map(rows.map((row) => [row.key, row]));
      return WORDS_KEYS.map((key) => ({
        key,
        name: displayName(key, words),
        publishedAt: byKey.get(key)?.publishedAt ?? null,
        draftSavedAt: byKey.get(key)?.draftSavedAt ?? null,
      }));
    },

    editorState: (key, name) => stateOf(db, keyOf(key), name),

    async save(key, input, { version, publish, actor, name }) {
      const k = keyOf(key);
      const words = parseWords(k, input);
      return write(k, version, actor, name, { kind: publish ? 'published' : 'draft', words, publish });
    },

    async discardDraft(key, { version, actor, name }) {
      return write(keyOf(key), version, actor, name, { kind: 'discarded', words: null, publish: false });
    },

    async restore(key, revisionId, { version, actor, name }) {
      const k = keyOf(key);
      const stored = await findWordsRevision(db, k, revisionId);
      if (stored === undefined) throw new AppError('NOT_FOUND', PAGES_MESSAGES.revisionNotFound);
      const current = await stateOf(db, k, name);
      const words = resolve(k, stored, current.published);
      if (!words) throw new AppError('NOT_FOUND', PAGES_MESSAGES.revisionNotFound);
      return write(k, version, actor, name, { kind: 'restored', words, publish: false });
    },

    async diff(key, revisionId, name) {
      const k = keyOf(key);
      const [stored, current] = await Promise.all([findWordsRevision(db, k, revisionId), stateOf(db, k, name)]);
      if (stored === undefined) throw new AppError('NOT_FOUND', PAGES_MESSAGES.revisionNotFound);
      const now = current.draft ?? current.published;
      const then = resolve(k, stored, current.published) ?? current.published;
      const specs = fieldsOf(k);
      return changedFields(k, then, now).map((field) => ({
        field,
        label: specs[field]!.label,
        parts: diffWords(fieldText(then[field]!), fieldText(now[field]!)),
      }));
    },
  };
}

import { diffArrays } from 'diff';
import type { DiffPart } from '../../shared/revisions.ts';

/**
 * Past this many edits (words added plus removed, after the common start and end are set aside) two texts are
 * shown as one replaced by the other: Myers' algorithm (jsdiff's `diffArrays`) keeps a snapshot per edit, so its
 * memory grows with the square of the edits, and a diff that long says "rewritten" anyway.
 */
export const MAX_EDITS = 2000;

/**
 * Words, each run of white space, and each other character (punctuation, a hyphen in an address) as its own token,
 * so "restore," → "restore, tested" adds ", tested" rather than replacing the word; the tokens join back into the
 * text exactly.
 */
export function tokens(text: string): string[] {
  return text.match(/\s+|[\p{L}\p{N}\p{M}]+(?:['’][\p{L}\p{N}\p{M}]+)*|[^\s]/gu) ?? [];
}

type Run = { op: 'same'; text: string } | { op: 'changed'; removed: string; added: string };

/**
 * Token-level parts as a reader wants them: each stretch of changes as its removed words, then its added words;
 * and two stretches with only a space between them as one ("one copy" → "two copies", not "one" → "two", a kept
 * space, "copy" → "copies"), the space then on both sides, so both texts are still exactly what the parts join into.
 */
function grouped(parts: readonly DiffPart[]): DiffPart[] {
  const runs: Run[] = [];
  for (const part of parts) {
    const last = runs.at(-1);
    if (part.op === 'same') {
      if (last?.op === 'same') last.text += part.text;
      else runs.push({ op: 'same', text: part.text });
      continue;
    }
    const [before, space] = [runs.at(-2), runs.at(-1)];
    const current = { removed: part.op === 'removed' ? part.text : '', added: part.op === 'added' ? part.text : '' };
    if (last?.op === 'changed') {
      last.removed += current.removed;
      last.added += current.added;
    } else if (
      before?.op === 'changed' &&
      space?.op === 'same' &&
      /^\s+$/.test(space.text) &&
      (before.removed || current.removed) &&
      (before.added || current.added)
    ) {
      runs.pop();
      before.removed += space.text + current.removed;
      before.added += space.text + current.added;
    } else runs.push({ op: 'changed', ...current });
  }
  return runs.flatMap((run): DiffPart[] =>
    run.op === 'same'
      ? run.text
        ? [run]
        : []
      : [
          ...(run.removed ? [{ op: 'removed' as const, text: run.removed }] : []),
          ...(run.added ? [{ op: 'added' as const, text: run.added }] : []),
        ],
  );
}

/**
 * A run only added (or only removed) between unchanged text can often sit a token further on with the same meaning:
 * "site" + [". ¶ Write it down"] + "." is "site." + [" ¶ Write it down."]. Each such run is moved as far on as it
 * goes, so a paragraph added at the end reads as that paragraph rather than starting with the last one's full stop.
 */
function slid(parts: DiffPart[]): DiffPart[] {
  for (let i = 0; i < parts.length; i += 1) {
    const op = parts[i]!.op;
    if (op === 'same' || parts[i - 1]?.op === op) continue;
    let end = i;
    while (parts[end + 1]?.op === op) end += 1;
    let start = i;
    // Moving the run on by one: its first token and the unchanged one after it are the same text, so they swap roles.
    while (
      parts[end + 1]?.op === 'same' &&
      parts[end + 1]!.text === parts[start]!.text &&
      parts[start - 1]?.op !== (op === 'added' ? 'removed' : 'added')
    ) {
      parts[start]!.op = 'same';
      parts[end + 1]!.op = op;
      start += 1;
      end += 1;
    }
    i = end;
  }
  return parts;
}

/**
 * What changed from `before` to `after`, word by word: runs of text in both, only in `before` (removed) and only
 * in `after` (added). Joining the same and removed parts gives `before`; the same and added parts give `after`.
 */
export function diffWords(before: string, after: string, maxEdits = MAX_EDITS): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  const midA = a.slice(start, a.length - end);
  const midB = b.slice(start, b.length - end);
  const same = (text: string): DiffPart => ({ op: 'same', text });
  const parts: DiffPart[] = a.slice(0, start).map(same);
  const changes = diffArrays(midA, midB, { maxEditLength: maxEdits });
  if (changes) {
    for (const change of changes) {
      const op = change.added ? 'added' : change.removed ? 'removed' : 'same';
      for (const text of change.value) parts.push({ op, text });
    }
  } else {
    parts.push({ op: 'removed', text: midA.join('') }, { op: 'added', text: midB.join('') });
  }
  parts.push(...a.slice(a.length - end).map(same));
  return grouped(slid(parts));
}

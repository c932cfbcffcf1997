import type { DiffOp, DiffPart } from '../../shared/revisions.ts';

/**
 * Past this many edits (words added plus removed, after the common start and end are set aside) two texts are
 * shown as one replaced by the other: Myers' algorithm keeps a snapshot per edit, so its memory grows with the
 * square of the edits, and a diff that long says "rewritten" anyway.
 */
export const MAX_EDITS = 2000;

/**
 * The shortest edit script from `a` to `b` (Myers, "An O(ND) difference algorithm", 1986) as one op per element;
 * null when it needs more than `maxEdits` edits.
 */
function editScript(a: readonly string[], b: readonly string[], maxEdits: number): DiffOp[] | null {
  const n = a.length;
  const m = b.length;
  const limit = Math.min(n + m, maxEdits);
  const offset = limit + 1;
  const v = new Int32Array(2 * offset + 1);
  // trace[d] holds v[k] for k in -d-1…d+1 as it stood before round d.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= limit; d += 1) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m);
    }
  }
  return null;
}

function backtrack(trace: Int32Array[], n: number, m: number): DiffOp[] {
  const ops: DiffOp[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d -= 1) {
    const before = trace[d]!;
    const at = (k: number) => before[k + d + 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push('same');
      x -= 1;
      y -= 1;
    }
    if (d > 0) ops.push(x === prevX ? 'added' : 'removed');
    x = prevX;
    y = prevY;
  }
  return ops.reverse();
}

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
      ? run.text ? [run] : []
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
    while (parts[end + 1]?.op === 'same' && parts[end + 1]!.text === parts[start]!.text && parts[start - 1]?.op !== (op === 'added' ? 'removed' : 'added')) {
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
  const ops = editScript(midA, midB, maxEdits);
  if (ops) {
    let i = 0;
    let j = 0;
    for (const op of ops) {
      if (op === 'added') parts.push({ op, text: midB[j++]! });
      else if (op === 'removed') parts.push({ op, text: midA[i++]! });
      else {
        parts.push(same(midA[i]!));
        i += 1;
        j += 1;
      }
    }
  } else {
    parts.push({ op: 'removed', text: midA.join('') }, { op: 'added', text: midB.join('') });
  }
  parts.push(...a.slice(a.length - end).map(same));
  return grouped(slid(parts));
}

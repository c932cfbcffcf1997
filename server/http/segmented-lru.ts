/**
 * A least-recently-used map bounded by entry count and by bytes, in two segments (SLRU): a new entry starts on
 * probation and moves to the protected segment when it is read again. Eviction takes the oldest probationary
 * entry first, so a crawl of one-off URLs (searches, tracking parameters, 404s) cannot push out the pages that
 * visitors keep reading. The protected segment holds at most `protectedShare` of each bound; its oldest entries
 * fall back to probation.
 *
 * Kept rather than `lru-cache` (whose `maxSize` and `sizeCalculation` bound bytes as well): that is one plain LRU
 * list, and a plain LRU lets a crawl of one-off URLs evict every page in use, which is what the probation segment
 * is here to prevent (server/http/segmented-lru.test.ts shows it).
 */
export class SegmentedLru<V extends { bytes: number }> {
  readonly #probation = new Map<string, V>();
  readonly #protected = new Map<string, V>();
  #bytes = 0;
  #protectedBytes = 0;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #protectedShare: number;

  constructor(options: { maxEntries: number; maxBytes: number; protectedShare?: number }) {
    this.#maxEntries = options.maxEntries;
    this.#maxBytes = options.maxBytes;
    this.#protectedShare = options.protectedShare ?? 0.8;
  }

  get size(): number {
    return this.#probation.size + this.#protected.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The value, marked as just used (a Map iterates oldest first; re-inserting makes an entry the newest). */
  get(key: string): V | undefined {
    const kept = this.#protected.get(key);
    if (kept) {
      this.#protected.delete(key);
      this.#protected.set(key, kept);
      return kept;
    }
    const trial = this.#probation.get(key);
    if (!trial) return undefined;
    this.#probation.delete(key);
    this.#protected.set(key, trial);
    this.#protectedBytes += trial.bytes;
    this.#shrinkProtected();
    return trial;
  }

  /** Stores a value on probation; one larger than a quarter of the byte bound is not kept at all. */
  set(key: string, value: V): void {
    this.delete(key);
    if (value.bytes > this.#maxBytes / 4) return;
    this.#probation.set(key, value);
    this.#bytes += value.bytes;
    this.#evict();
  }

  /** Every key, as a list (safe to delete from while walking it); the use order is left alone. */
  keys(): string[] {
    return [...this.#probation.keys(), ...this.#protected.keys()];
  }

  delete(key: string): void {
    const kept = this.#protected.get(key);
    if (kept) {
      this.#protected.delete(key);
      this.#protectedBytes -= kept.bytes;
      this.#bytes -= kept.bytes;
      return;
    }
    const trial = this.#probation.get(key);
    if (trial) {
      this.#probation.delete(key);
      this.#bytes -= trial.bytes;
    }
  }

  clear(): void {
    this.#probation.clear();
    this.#protected.clear();
    this.#bytes = 0;
    this.#protectedBytes = 0;
  }

  #shrinkProtected(): void {
    const maxEntries = Math.floor(this.#maxEntries * this.#protectedShare);
    const maxBytes = this.#maxBytes * this.#protectedShare;
    for (const [key, value] of this.#protected) {
      if (this.#protected.size <= maxEntries && this.#protectedBytes <= maxBytes) break;
      this.#protected.delete(key);
      this.#protectedBytes -= value.bytes;
      this.#probation.set(key, value);
    }
    this.#evict();
  }

  #evict(): void {
    for (const segment of [this.#probation, this.#protected]) {
      for (const [key] of segment) {
        if (this.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) return;
        this.delete(key);
      }
    }
  }
}

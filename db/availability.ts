/**
 * True when an error means the database cannot be used right now (down, unreachable, closed, locked, full),
 * rather than a bug in a query: the endpoints answer 503 for these, so clients retry.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // Node socket errors (PostgreSQL unreachable), PostgreSQL classes 08 (connection), 53 (resources),
    // 57P (shutdown), 57014 (statement timeout), and SQLite's busy, locked, I/O, full, read-only and cannot-open
    // families.
    if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE)$/.test(code)) return true;
    if (/^(08|53|57P|57014)/.test(code)) return true;
    if (/^SQLITE_(BUSY|LOCKED|IOERR|FULL|READONLY|CANTOPEN|NOMEM)/.test(code)) return true;
  }
  return (
    typeof message === 'string' &&
    /driver has already been destroyed|Cannot use a pool after calling end|database connection is not open|Connection terminated|timeout exceeded when trying to connect|Query read timeout/i.test(
      message,
    )
  );
}

/** The first pause between start-up attempts; each next one doubles, up to the last. */
const RETRY_PAUSES_MS = { first: 250, last: 4000 };

/**
 * Runs `work` until it gets past an unreachable database, pausing longer each time (250 ms doubling to 4 s),
 * for at most `withinMs`: a database started alongside the site (compose, a reboot) is waited for. Any other
 * error, or the last unavailable one once the time is up, is thrown.
 */
export async function retryWhileUnavailable<T>(work: () => Promise<T>, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (let pause = RETRY_PAUSES_MS.first; ; pause = Math.min(pause * 2, RETRY_PAUSES_MS.last)) {
    try {
      return await work();
    } catch (err) {
      const left = deadline - Date.now();
      if (!isDatabaseUnavailable(err) || left <= 0) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    }
  }
}

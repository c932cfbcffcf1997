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

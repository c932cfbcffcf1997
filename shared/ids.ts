/**
 * A record id as the site makes them (`crypto.randomUUID()`: lower-case hex), as the source of a regular
 * expression, for the patterns that find ids inside longer texts (image addresses, audit targets). Migrations keep
 * their own copy: what they match must not change after they have run.
 */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

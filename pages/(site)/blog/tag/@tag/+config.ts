import type { Config } from 'vike/types';

// A content page: rendered to HTML on the server, ships no JavaScript (Load More is a link, as on /blog without it).
export default { clientHooks: false } satisfies Config;

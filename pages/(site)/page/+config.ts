import type { Config } from 'vike/types';

// A content page: rendered to HTML on the server, ships no JavaScript.
export default { clientHooks: false } satisfies Config;

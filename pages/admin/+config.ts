import type { Config } from 'vike/types';

// Admin pages hydrate; with server routing the query string reaches the browser only when asked for (the
// login page's `next` and step, the pagers).
export default { passToClient: ['urlParsed'] } satisfies Config;

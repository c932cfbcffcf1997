/** The session cookie's name, read by the page cache (a request that carries it is never served from cache). */
export const SESSION_COOKIE = 'sid';

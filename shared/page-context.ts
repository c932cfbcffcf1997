import type { IncomingHttpHeaders } from 'node:http';

/** The signed-in staff member, as pages see them (never the password hash). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/**
 * What the server hands Vike for every request. `services` carries the server's read APIs to `+data.ts`
 * files, so pages never import server code.
 */
export interface PageContextInit {
  urlOriginal: string;
  headersOriginal: IncomingHttpHeaders;
  user: SessionUser | null;
  csrfToken: string | null;
  cspNonce: string;
  siteUrl: string;
  timeZone: string;
  services: PageServices;
}

/** Read-only server APIs available to `+data.ts`; each feature adds its own member. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PageServices {}

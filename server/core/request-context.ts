import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request being served, for code that has no `req` at hand (services, workers called from a route): the
 * logger stamps its id on every line written while the request runs.
 */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

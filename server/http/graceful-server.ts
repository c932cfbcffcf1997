import { type IncomingMessage, type RequestListener, type Server, type ServerResponse, createServer } from 'node:http';
import { API_MESSAGES } from '../../shared/messages.ts';
import { errorBody } from '../core/errors.ts';

const RESTARTING = JSON.stringify(errorBody('UNAVAILABLE', API_MESSAGES.restarting));

/** What a request is told while the site starts or after shutdown began: come back shortly (or elsewhere). */
export function answerRestarting(res: ServerResponse, headers: Record<string, string>): void {
  res.writeHead(503, { 'Content-Type': 'application/json', ...headers });
  res.end(RESTARTING);
}

export interface GracefulServer {
  server: Server;
  /**
   * Stops taking work: the listening socket closes, idle keep-alive connections are closed, requests in flight
   * are answered with `Connection: close` (so their clients reconnect elsewhere), and anything arriving on an
   * open connection afterwards gets 503. Resolves when every connection has ended.
   */
  drain(): Promise<void>;
}

/**
 * The HTTP server for `app`, able to drain. Node's `server.close()` alone only stops new connections: a client
 * on a keep-alive connection keeps sending requests (and leads) until it is force-killed.
 */
export function createGracefulServer(app: RequestListener): GracefulServer {
  let draining = false;
  const inFlight = new Set<ServerResponse>();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (draining) {
      answerRestarting(res, { 'Retry-After': '1', Connection: 'close' });
      return;
    }
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      // A response that began before the drain may have left its connection open and idle: close it now.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
    app(req, res);
  });

  return {
    server,
    drain() {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      server.closeIdleConnections();
      return closed;
    },
  };
}

import { type Server, type Socket, connect, createServer } from 'node:net';

/**
 * What the proxy does with connections:
 * - `pass`: forwards bytes both ways;
 * - `refuse`: resets every open connection and each new one at once (a server that is down);
 * - `blackhole`: accepts connections and swallows everything, answering nothing (a network that went silent).
 *   Connections that were open when the silence began stay silent for good, as after a lost route: only new
 *   connections pass once the mode is `pass` again.
 */
export type ProxyMode = 'pass' | 'refuse' | 'blackhole';

export interface TcpProxy {
  port: number;
  mode: ProxyMode;
  setMode(mode: ProxyMode): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream?: Socket;
}

/** A TCP proxy on 127.0.0.1 (a free port) in front of `target`, whose behaviour the test switches. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let mode: ProxyMode = 'pass';

  const silence = (pair: Pair) => {
    for (const socket of [pair.client, pair.upstream]) {
      if (!socket) continue;
      socket.unpipe();
      socket.removeAllListeners('data');
      socket.on('data', () => {});
    }
  };
  const reset = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.resetAndDestroy();
    pair.upstream?.destroy();
  };

  const server: Server = createServer((client) => {
    const pair: Pair = { client };
    client.on('error', () => {});
    if (mode === 'refuse') return void client.resetAndDestroy();
    pairs.add(pair);
    client.on('close', () => {
      pairs.delete(pair);
      pair.upstream?.destroy();
    });
    if (mode === 'blackhole') return silence(pair);
    const upstream = connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as { port: number }).port,
    get mode() {
      return mode;
    },
    setMode(next) {
      mode = next;
      if (next === 'refuse') for (const pair of [...pairs]) reset(pair);
      if (next === 'blackhole') for (const pair of pairs) silence(pair);
    },
    async close() {
      for (const pair of [...pairs]) reset(pair);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type QuietCollection, startQuietCollection } from './quiet-collection.ts';

const CHECK_MS = 40;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a full collection once a busy spell is over', () => {
  let server: Server;
  let collection: QuietCollection | undefined;
  afterEach(async () => {
    collection?.stop();
    await new Promise((resolve) => server.close(resolve));
  });

  async function start(growthBytes: number) {
    const calls: unknown[] = [];
    server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const gc = ((options: unknown) => {
      calls.push(options);
      return Promise.resolve();
    }) as typeof globalThis.gc;
    collection = startQuietCollection(server, { gc, checkMs: CHECK_MS, quietRequests: 3, growthBytes });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    return { calls, url };
  }

  it('collects when few requests arrive and the heap has grown', async () => {
    const { calls } = await start(0);
    await wait(CHECK_MS * 1.5);
    expect(calls).toEqual([{ type: 'major', flavor: 'last-resort', execution: 'async' }]);
  });

  it('does not collect while requests keep arriving', async () => {
    const { calls, url } = await start(0);
    const until = Date.now() + CHECK_MS * 4;
    while (Date.now() < until) await fetch(url).then((res) => res.text());
    expect(calls).toEqual([]);
    await wait(CHECK_MS * 2.5);
    expect(calls.length).toBeGreaterThan(0);
  });

  it('does not collect a heap that has not grown by the threshold', async () => {
    const { calls } = await start(1024 * 1024 * 1024);
    await wait(CHECK_MS * 4);
    expect(calls).toEqual([]);
  });

  it('does nothing without a gc to call (the site started without --expose-gc)', () => {
    expect(globalThis.gc).toBeUndefined();
    server = createServer();
    collection = startQuietCollection(server);
    expect(server.listenerCount('request')).toBe(0);
  });
});

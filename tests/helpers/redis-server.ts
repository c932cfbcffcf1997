import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { exited, freePort } from './server-process.ts';

export interface RedisServer {
  /**
   * Where it listens now: each start takes a port free at that moment, since the last one may have been taken by
   * another process meanwhile. Put a TCP proxy (tcp-proxy.ts), which holds its port, in front for a fixed address:
   * it reads this object at each new connection.
   */
  address: { host: string; port: number };
  /** Ends it the hard way (SIGKILL), as a crash or an OOM kill would. */
  kill(): Promise<void>;
  /** Starts it (again), on a free port. */
  start(): Promise<void>;
  /** Sends one inline command and resolves with the raw reply. */
  command(line: string): Promise<string>;
}

/** Ports a start may try: another process can take a free port between finding it and redis-server binding it. */
const START_ATTEMPTS = 3;

/**
 * A throw-away redis-server of the test's own (never the machine's), keeping nothing on disk.
 * Call `start()` to run it.
 */
export function redisServer(): RedisServer {
  let child: ChildProcess | undefined;
  const address = { host: '127.0.0.1', port: 0 };
  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(address.port, address.host);
      let reply = '';
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        reply += chunk.toString();
        if (reply.endsWith('\r\n')) {
          socket.end();
          resolve(reply);
        }
      });
      socket.write(`${line}\r\n`);
    });
  /** Runs redis-server on a free port; false when it exited at once (the port was taken after all). */
  async function startOnFreePort(): Promise<boolean> {
    address.port = await freePort();
    const started = spawn('redis-server', ['--port', String(address.port), '--bind', address.host, '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    child = started;
    for (let i = 0; i < 200; i += 1) {
      if (started.exitCode !== null) return false;
      if ((await command('PING').catch(() => '')).startsWith('+PONG')) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('redis-server did not answer within 10 s');
  }

  return {
    address,
    command,
    async start() {
      for (let attempt = 1; attempt <= START_ATTEMPTS; attempt += 1) if (await startOnFreePort()) return;
      throw new Error(`redis-server exited at start on ${START_ATTEMPTS} free ports`);
    },
    async kill() {
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
      child = undefined;
    },
  };
}

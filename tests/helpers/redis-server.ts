import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { exited } from './server-process.ts';

export interface RedisServer {
  port: number;
  url: string;
  /** Ends it the hard way (SIGKILL), as a crash or an OOM kill would. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Sends one inline command and resolves with the raw reply. */
  command(line: string): Promise<string>;
}

/**
 * A throw-away redis-server of the test's own on `port` (never the machine's), keeping nothing on disk.
 * Call `start()` to run it.
 */
export function redisServer(port: number): RedisServer {
  let child: ChildProcess | undefined;
  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
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
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    command,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      for (let i = 0; i < 100; i += 1) {
        if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
        if ((await command('PING').catch(() => '')).startsWith('+PONG')) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('redis-server did not start');
    },
    async kill() {
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
      child = undefined;
    },
  };
}

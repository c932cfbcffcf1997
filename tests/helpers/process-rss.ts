import { readFileSync } from 'node:fs';

/** A process's resident set size in MB, as the kernel reports it (`VmRSS` in /proc/<pid>/status; Linux only). */
export function rssMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

/** Runs `work` while reading the process's RSS every `everyMs`; its result and the highest RSS seen meanwhile. */
export async function peakRssDuring<T>(pid: number, work: () => Promise<T>, everyMs = 50): Promise<{ result: T; peakMb: number }> {
  let peakMb = rssMb(pid);
  const sample = () => (peakMb = Math.max(peakMb, rssMb(pid)));
  const timer = setInterval(sample, everyMs);
  try {
    const result = await work();
    sample();
    return { result, peakMb };
  } finally {
    clearInterval(timer);
  }
}

/**
 * What a server process says about itself: resident set, heap used and open file descriptors,
 * read from its own /metrics (prom-client's default metrics, which every process serves), with
 * /proc/<pid>/fd as the count of open handles the kernel sees.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Makes the server processes the bench starts from now on collect garbage on SIGUSR2
 * (startProcess passes CHILD_NODE_ARGS to them).
 */
export function enableGcOnSignal(): void {
  const flags = `--expose-gc --require ${join(__dirname, 'gc-on-signal.cjs')}`;
  process.env.CHILD_NODE_ARGS = [process.env.CHILD_NODE_ARGS, flags].filter(Boolean).join(' ');
}

/** A full collection in `pid` (enableGcOnSignal), then a moment for it to finish. */
export async function collectGarbage(pid: number): Promise<void> {
  process.kill(pid, 'SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 500));
}

export interface ProcessSample {
  /** Seconds since the sampling started. */
  t: number;
  rssBytes: number;
  heapUsedBytes: number;
  fds: number;
}

function metric(text: string, name: string): number {
  // One line per metric without labels other than the service's: "name{service="x"} 123".
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN;
}

export async function sampleProcess(url: string, pid: number, t: number): Promise<ProcessSample> {
  const answer = await (await fetch(`${url}/metrics`)).text();
  let fds = NaN;
  try {
    fds = readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    // the process is gone
  }
  return {
    t,
    rssBytes: metric(answer, 'process_resident_memory_bytes'),
    heapUsedBytes: metric(answer, 'nodejs_heap_size_used_bytes'),
    fds,
  };
}

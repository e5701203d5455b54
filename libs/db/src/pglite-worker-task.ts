/**
 * What the PGlite worker thread runs: it owns the one PGlite instance of a database, so the WASM
 * PostgreSQL spends its time here and not on the main thread's event loop. Requests
 * (./pglite-protocol.ts) are performed one at a time in the order they came: PGlite is one
 * connection, and knex's BEGIN ... COMMIT arrive as separate queries that must not be reordered.
 */
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { serializeError } from './pglite-errors';
import type { PgliteOperations, PgliteRequest, PgliteWorkerData, PgliteWorkerMessage } from './pglite-protocol';

if (!parentPort) throw new Error('pglite-worker-task runs in a worker thread (PgliteThread starts it)');
const port = parentPort;
const post = (message: PgliteWorkerMessage) => port.postMessage(message);

async function open({ dataDir, loadDataDir }: PgliteWorkerData): Promise<PGlite> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    return PGlite.create(dataDir);
  }
  return loadDataDir ? PGlite.create({ loadDataDir }) : PGlite.create();
}

/** Each LISTEN's unsubscribe, by the subscription number the main thread gave it. */
const unsubscribes = new Map<number, () => Promise<void>>();

async function perform(pglite: PGlite, request: PgliteRequest): Promise<PgliteOperations[PgliteRequest['op']]['result']> {
  switch (request.op) {
    case 'query':
      return pglite.query(request.sql, request.params, request.options);
    case 'listen': {
      const { channel, subscription } = request;
      unsubscribes.set(subscription, await pglite.listen(channel, (payload) => post({ kind: 'notify', subscription, payload })));
      return null;
    }
    case 'unlisten': {
      const unsubscribe = unsubscribes.get(request.subscription);
      unsubscribes.delete(request.subscription);
      await unsubscribe?.();
      return null;
    }
    case 'dumpDataDir':
      // A Blob of its own: PGlite may hand back a File, which not every Node clones.
      return new Blob([await pglite.dumpDataDir('none')]);
    case 'close':
      if (!pglite.closed) await pglite.close();
      return null;
  }
}

function answer(id: number, result: PgliteOperations[PgliteRequest['op']]['result']): void {
  try {
    post({ kind: 'result', id, result });
  } catch (err) {
    // A value structured clone cannot copy (a custom parser's): the caller gets why.
    post({ kind: 'error', id, error: serializeError(err) });
  }
}

const opened = open(workerData as PgliteWorkerData);
opened.then(
  () => post({ kind: 'ready' }),
  (err: unknown) => post({ kind: 'failed', error: serializeError(err) }),
);

// Every request waits for the one before it, whatever became of that one.
let previous: Promise<unknown> = opened.catch(() => undefined);
port.on('message', (request: PgliteRequest) => {
  previous = previous
    .then(async () => perform(await opened, request))
    .then(
      (result) => answer(request.id, result),
      (err: unknown) => post({ kind: 'error', id: request.id, error: serializeError(err) }),
    );
});

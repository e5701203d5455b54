/**
 * A worker process that takes one job of a kind and never finishes it: the BullMQ contract
 * fixture SIGKILLs it while it holds the job. Arguments: redis URL, key prefix, kind, lock ms.
 */
import { createLogger } from '@chat/log';
import { BullmqJobs } from '../src';

const [redisUrl, prefix, kind, lockMs] = process.argv.slice(2);
const jobs = new BullmqJobs({ redisUrl: redisUrl!, prefix: prefix!, logger: createLogger('silent', 'doomed'), lockMs: Number(lockMs) });
void jobs.work(kind!, () => {
  process.stdout.write('taken\n');
  return new Promise<void>(() => undefined);
});

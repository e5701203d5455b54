import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { testLogger } from '@chat/testing';
import { BullmqJobs, bullmqJobId } from '../src';
import { runJobsContract } from './jobs.contract';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LOCK_MS = 1000;

/** A child process takes the next job of `kind`; it is SIGKILLed while holding it. */
async function dieMidJob(prefix: string, kind: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'bullmq-doomed-worker.ts'), REDIS_URL, prefix, kind, String(LOCK_MS)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('taken')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the doomed worker exited (${code}) before taking a job`)));
  });
  await new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}

runJobsContract('BullmqJobs', async () => {
  const prefix = `t${randomBytes(5).toString('hex')}:jobs`;
  const jobs = new BullmqJobs({ redisUrl: REDIS_URL, prefix, logger: testLogger(), lockMs: LOCK_MS, stalledCheckMs: 300 });
  return {
    jobs,
    dieMidJob: (kind) => dieMidJob(prefix, kind),
    async cleanup() {
      await jobs.close({ graceMs: 0 });
      await deleteKeys(prefix);
    },
  };
});

describe('bullmqJobId', () => {
  it('makes ids BullMQ accepts, distinct for distinct ids', () => {
    expect(bullmqJobId('42')).toBe('id-42');
    expect(bullmqJobId('a:b')).toBe('id-a%3Ab');
    expect(bullmqJobId('a%3Ab')).not.toBe(bullmqJobId('a:b'));
  });
});

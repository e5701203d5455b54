/**
 * Background jobs in both topologies (the database adapter embedded, BullMQ distributed): a job a
 * transaction requests runs once it committed and never after a rollback, and the message
 * service's retention job archives what the realm's policy says has expired.
 */
import { requestJob } from '@chat/dispatch';
import { defineJob, workJob, type RunningJob } from '@chat/jobs';
import { RETENTION_JOB } from '@chat/message-service';
import { ApiClient, waitFor } from '@chat/testing';
import { describeBothTopologies } from './topologies';

jest.setTimeout(120_000);

const DAY_MS = 24 * 60 * 60 * 1000;
/** A kind of its own, so the probe sees only what this test asks for. */
const PROBE = defineJob<{ change: string }>('e2e.probe');

describeBothTopologies('background jobs', (env) => {
  let hamlet: ApiClient;
  let iago: ApiClient;
  const probes: RunningJob[] = [];

  beforeAll(async () => {
    hamlet = await new ApiClient(env().target, { userAgent: 'ZulipPython/0.6' }).loginAs('hamlet@zulip.com');
    iago = await new ApiClient(env().target, { userAgent: 'ZulipPython/0.6' }).loginAs('iago@zulip.com');
    await workJob(env().jobs, PROBE, async (job) => void probes.push(job));
  });

  it('runs a job requested in a committed transaction, and none for a rolled-back one', async () => {
    const { knex } = env().db;
    await expect(
      knex.transaction(async (trx) => {
        await requestJob(trx, PROBE, { change: 'rolled back' });
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    await knex.transaction((trx) => requestJob(trx, PROBE, { change: 'committed' }));
    await waitFor(() => probes.length >= 1, 20_000);
    expect(probes.map((p) => p.payload)).toEqual([{ change: 'committed' }]);
  });

  it("archives messages past the realm's message_retention_days in the daily job", async () => {
    const patched = await iago.api('patch', '/realm').type('form').send({ message_retention_days: '30' });
    expect(patched.status).toBe(200);
    const sent = await hamlet
      .api('post', '/messages')
      .type('form')
      .send({ type: 'stream', to: 'Denmark', topic: 'retention', content: 'e2e expiring' });
    const kept = await hamlet
      .api('post', '/messages')
      .type('form')
      .send({ type: 'stream', to: 'Denmark', topic: 'retention', content: 'e2e kept' });
    const id = sent.body.id as number;
    await env()
      .db.knex('messages')
      .where('id', id)
      .update({ date_sent: new Date(Date.now() - 31 * DAY_MS) });

    await env().jobs.enqueue(RETENTION_JOB.kind, {});
    await waitFor(async () => (await hamlet.api('get', `/messages/${id}`)).status === 400, 20_000);
    expect((await hamlet.api('get', `/messages/${kept.body.id}`)).status).toBe(200);
    expect(await env().db.knex('archived_messages').where('id', id).pluck('content')).toEqual(['e2e expiring']);
    await iago.api('patch', '/realm').type('form').send({ message_retention_days: 'null' });
  });
});

/**
 * Idempotency-Key through the gateway, in both topologies (the distributed gateway passes the
 * header on to the message service): a retry replays the first send, another body is refused,
 * a bad key is refused, and simultaneous duplicates write one message.
 */
import { ApiClient } from '@chat/testing';
import { describeBothTopologies } from './topologies';

jest.setTimeout(120_000);

const stream = (content: string) => ({ type: 'stream', to: 'Denmark', topic: 'idempotency', content });

describeBothTopologies('Idempotency-Key on POST /messages', (env) => {
  let hamlet: ApiClient;
  const sendWithKey = (form: Record<string, string>, key: string) =>
    hamlet.api('post', '/messages').set('Idempotency-Key', key).type('form').send(form);
  const stored = async (content: string) =>
    Number(((await env().db.knex('messages').where({ content }).count('* as n')) as { n: string }[])[0]!.n);

  beforeAll(async () => {
    hamlet = await new ApiClient(env().target, { userAgent: 'ZulipPython/0.6' }).loginAs('hamlet@zulip.com');
  });

  it('answers a retried send with the first result and stores one message', async () => {
    const first = await sendWithKey(stream('e2e once'), 'e2e-retry');
    const retry = await sendWithKey(stream('e2e once'), 'e2e-retry');
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ result: 'success', msg: '', id: first.body.id });
    expect(await stored('e2e once')).toBe(1);
  });

  it('refuses the key with another body (422) and a malformed key (400)', async () => {
    await sendWithKey(stream('e2e first body'), 'e2e-reuse');
    const reused = await sendWithKey(stream('e2e second body'), 'e2e-reuse');
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({
      result: 'error',
      msg: 'This Idempotency-Key was already used for a different request',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const bad = await sendWithKey(stream('e2e bad key'), 'k'.repeat(256));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_REQUEST');
    expect(await stored('e2e second body')).toBe(0);
    expect(await stored('e2e bad key')).toBe(0);
  });

  it('writes one message for simultaneous duplicates; the others replay it or get 409', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => sendWithKey(stream('e2e together'), 'e2e-together')));
    const ok = answers.filter((r) => r.status === 200);
    const inUse = answers.filter((r) => r.status === 409);
    console.log(`${env().name}: 8 simultaneous sends with one key: ${ok.length} answered 200, ${inUse.length} answered 409`);
    expect(ok.length + inUse.length).toBe(8);
    expect(new Set(ok.map((r) => r.body.id)).size).toBe(1);
    for (const r of inUse) {
      expect(r.body).toEqual({
        result: 'error',
        msg: 'A request with this Idempotency-Key is already in progress',
        code: 'IDEMPOTENCY_KEY_IN_USE',
      });
    }
    expect(await stored('e2e together')).toBe(1);
  });
});

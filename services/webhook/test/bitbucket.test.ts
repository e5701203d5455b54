/**
 * Bitbucket Cloud (bitbucket2) and Server (bitbucket3) beyond Zulip's own tests
 * (test/zulip-webhooks/bitbucket2, bitbucket3): the client name, the missing X-Event-Key header,
 * events and changes they do not tell, `only_events` on their event names, users without a name,
 * and a payload missing a field. The payloads are Zulip's fixtures.
 */
import { fixture, webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());

const zulipFixture = (dir: string, name: string) => JSON.parse(fixture(dir, `${name}.json`));

async function post(dir: string, payload: unknown, headers: Record<string, string> = {}, query = '') {
  h.internal.calls = [];
  const res = await h.post(`/external/${dir}?stream=Denmark${query}`, JSON.stringify(payload), 'application/json', headers);
  return {
    status: res.status,
    body: res.body as Record<string, unknown>,
    posted: h.internal.posted().map((p) => ({ topic: p.topic, content: p.content })),
  };
}

const unsupported = (name: string, event: string) => ({
  result: 'error',
  msg: `The '${event}' event isn't currently supported by the ${name} webhook; ignoring`,
  code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
  webhook_name: name,
  event_type: event,
});

describe('bitbucket2', () => {
  const b2 = (name: string) => zulipFixture('bitbucket2', name);

  it('posts as the Bitbucket2 client', async () => {
    const r = await post('bitbucket2', b2('fork'));
    expect(r.status).toBe(200);
    expect(h.internal.calls[0]?.params.client).toBe('ZulipBitbucket2Webhook');
  });

  it('needs X-Event-Key only for pull requests and repository updates, and tells the owner when it is missing', async () => {
    await h.db.knex('webhook_bot_reminders').delete();
    const r = await post('bitbucket2', b2('pull_request_approved_or_unapproved'));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      result: 'error',
      msg: "Missing the HTTP event header 'X-Event-Key'",
      code: 'MISSING_HTTP_EVENT_HEADER',
      header: 'X-Event-Key',
    });
    expect(r.posted).toEqual([
      expect.objectContaining({
        content: expect.stringContaining(
          'sent an HTTP request to /api/v1/external/bitbucket2 that\nis missing the HTTP X-Event-Key header.',
        ),
      }),
    ]);
  });

  it('answers a pull request action or event key it does not tell with 200 and the key', async () => {
    const action = await post('bitbucket2', b2('pull_request_approved_or_unapproved'), {
      'X-Event-Key': 'pullrequest:changes_request_created',
    });
    expect(action.body).toEqual(unsupported('Bitbucket2', 'pullrequest:changes_request_created'));
    // A key that reads like one of its event types is still a key: only the payload says "push".
    const key = await post('bitbucket2', { actor: {}, repository: {} }, { 'X-Event-Key': 'push' });
    expect(key.body).toEqual(unsupported('Bitbucket2', 'push'));
    expect([...action.posted, ...key.posted]).toEqual([]);
  });

  it('filters on its event types: push, fork, pull_request_<action>, repo:updated, ...', async () => {
    const only = `&only_events=${encodeURIComponent('["pull_request_*"]')}`;
    const approved = await post('bitbucket2', b2('pull_request_approved_or_unapproved'), { 'X-Event-Key': 'pullrequest:approved' }, only);
    expect(approved.posted).toHaveLength(1);
    const pushed = await post('bitbucket2', b2('push'), {}, only);
    expect({ status: pushed.status, posted: pushed.posted }).toEqual({ status: 200, posted: [] });
  });

  it('names a user by display name, else nickname, else as an unknown user', async () => {
    const payload = b2('fork');
    payload.actor = { nickname: 'alice' };
    expect((await post('bitbucket2', payload)).posted[0]?.content).toMatch(/^alice forked/);
    payload.actor = {};
    expect((await post('bitbucket2', payload)).posted[0]?.content).toMatch(/^Unknown user forked/);
  });

  it('answers a payload missing a field it reads with 400 naming the field', async () => {
    const payload = b2('fork');
    delete payload.fork.full_name;
    const r = await post('bitbucket2', payload);
    expect({ status: r.status, msg: r.body.msg, posted: r.posted }).toEqual({
      status: 400,
      msg: "Missing 'fork.full_name' argument",
      posted: [],
    });
  });
});

describe('bitbucket3', () => {
  const b3 = (name: string) => zulipFixture('bitbucket3', name);

  it('posts as the Bitbucket3 client', async () => {
    const r = await post('bitbucket3', b3('pull_request_approved'));
    expect(r.status).toBe(200);
    expect(h.internal.calls[0]?.params.client).toBe('ZulipBitbucket3Webhook');
  });

  it("reads the event from the payload's eventKey, else from X-Event-Key", async () => {
    await h.db.knex('webhook_bot_reminders').delete();
    const r = await post('bitbucket3', b3('diagnostics_ping'));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('MISSING_HTTP_EVENT_HEADER');
    expect(r.posted).toEqual([
      expect.objectContaining({
        content: expect.stringContaining(
          'sent an HTTP request to /api/v1/external/bitbucket3 that\nis missing the HTTP X-Event-Key header.',
        ),
      }),
    ]);
  });

  it('answers an event it does not tell with 200 and its key', async () => {
    const payload = b3('pull_request_approved');
    payload.eventKey = 'pr:from_ref_updated';
    const r = await post('bitbucket3', payload);
    expect(r.body).toEqual(unsupported('Bitbucket3', 'pr:from_ref_updated'));
    expect(r.posted).toEqual([]);
  });

  it('names a ref or change kind it does not know as <eventKey>.<kind>, and posts none of the push', async () => {
    const payload = b3('repo_push_update_multiple_branches');
    payload.changes[1].type = 'MERGE';
    const change = await post('bitbucket3', payload);
    expect(change.body).toEqual(unsupported('Bitbucket3', 'repo:refs_changed.MERGE'));
    payload.changes[1].type = 'UPDATE';
    payload.changes[1].ref.type = 'NOTE';
    const ref = await post('bitbucket3', payload);
    expect(ref.body).toEqual(unsupported('Bitbucket3', 'repo:refs_changed.NOTE'));
    expect([...change.posted, ...ref.posted]).toEqual([]);
  });

  it('filters on its event keys', async () => {
    const r = await post('bitbucket3', b3('pull_request_approved'), {}, `&exclude_events=${encodeURIComponent('["pr:reviewer:*"]')}`);
    expect({ status: r.status, posted: r.posted }).toEqual({ status: 200, posted: [] });
  });
});

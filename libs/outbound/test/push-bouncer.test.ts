/**
 * The bouncer client's sorting of answers, against the local bouncer of @chat/testing: an
 * acknowledgement with its JSON, a 4xx with the bouncer's code and words, a 5xx or a closed
 * connection as unknown, and an address the guard refuses.
 */
import { startPushBouncer, type TestPushBouncer } from '@chat/testing';
import { addressPolicy, BlockedAddressError, bouncerTarget, callBouncer, type BouncerTarget } from '../src';

const ORG_ID = '0b8f1c2a-54c4-4f0e-9d6e-4a3b5d2c1e0f';
const ORG_KEY = 'q'.repeat(64);

describe('callBouncer', () => {
  let bouncer: TestPushBouncer;
  let target: BouncerTarget;

  beforeAll(async () => {
    bouncer = await startPushBouncer();
    target = bouncerTarget({ bouncerUrl: bouncer.url, orgId: ORG_ID, orgKey: ORG_KEY, allowPrivate: true })!;
  });
  afterAll(() => bouncer.close());

  it('is null without a bouncer or credentials', () => {
    expect(bouncerTarget({ bouncerUrl: '', orgId: ORG_ID, orgKey: ORG_KEY, allowPrivate: true })).toBeNull();
    expect(bouncerTarget({ bouncerUrl: bouncer.url, orgId: '', orgKey: '', allowPrivate: true })).toBeNull();
  });

  it('registers by form without Basic auth, then authenticates the other calls', async () => {
    const form = { zulip_org_id: ORG_ID, zulip_org_key: ORG_KEY, hostname: 'chat.example.com', contact_email: 'a@example.com' };
    expect(await callBouncer(target, 'server/register', { form }, false)).toEqual({
      kind: 'acknowledged',
      body: { result: 'success', msg: '', created: true },
    });
    const registered = await callBouncer(target, 'push/register', { form: { user_id: 5, token: 'abc', token_kind: 2 } });
    expect(registered).toEqual({ kind: 'acknowledged', body: { result: 'success', msg: '' } });
    expect(bouncer.devices.has(`${ORG_ID}:5:2:abc`)).toBe(true);
  });

  it("gives a 4xx's code and words, and takes it as final", async () => {
    expect(await callBouncer(target, 'push/unregister', { form: { user_id: 5, token: 'nope', token_kind: 2 } })).toEqual({
      kind: 'refused',
      status: 400,
      code: 'BAD_REQUEST',
      msg: 'Token does not exist',
    });
    const stranger = { ...target, orgKey: 'w'.repeat(64) };
    expect(await callBouncer(stranger, 'push/notify', { json: { user_id: 5 } })).toEqual({
      kind: 'refused',
      status: 401,
      code: 'INVALID_ZULIP_SERVER',
      msg: `Zulip server auth failure: key does not match role ${ORG_ID}`,
    });
  });

  it('leaves a 5xx or a connection closed without an answer unknown', async () => {
    bouncer.failNext({ status: 503 }, 'drop');
    expect(await callBouncer(target, 'push/notify', { json: { user_id: 5 } })).toEqual({
      kind: 'unknown',
      reason: 'the bouncer answered with status 503',
    });
    expect(await callBouncer(target, 'push/notify', { json: { user_id: 5 } })).toMatchObject({ kind: 'unknown' });
  });

  it('refuses a private address unless allowed', async () => {
    const guarded = { ...target, policy: addressPolicy({ allowPrivate: false, allowedNetworks: [] }) };
    await expect(callBouncer(guarded, 'push/notify', { json: {} })).rejects.toBeInstanceOf(BlockedAddressError);
  });
});

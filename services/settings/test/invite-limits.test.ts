/**
 * The caps on invitations and the shape of the inviting transaction: a request names at most a
 * thousand addresses, a realm sends at most INVITES_DEFAULT_REALM_DAILY_MAX in a day (resends
 * included, revocations not given back), both answered with Zulip's INVITATION_FAILED; and a
 * thousand addresses are written by the same few statements as three, in one transaction, so the
 * embedded server's single writer is never held for long.
 */
import request from 'supertest';
import { getStreamByName } from '@chat/db';
import { MAX_INVITES_PER_REQUEST } from '../src/actions/invite-limit';
import { startSettings, type Harness } from './helpers';

const DAILY_LIMIT = {
  result: 'error',
  msg: 'To protect users, Zulip limits the number of invitations you can send in one day. Because you have reached the limit, no invitations were sent.',
  code: 'INVITATION_FAILED',
  errors: [],
  sent_invitations: false,
  daily_limit_reached: true,
};

describe('invitation caps', () => {
  let h: Harness;
  let verona: number;

  beforeAll(async () => {
    h = await startSettings();
    verona = (await getStreamByName(h.db.knex, h.realmId, 'Verona'))!.id;
  });
  afterAll(() => h.close());

  const addresses = (tag: string, count: number) => Array.from({ length: count }, (_, i) => `${tag}${i}@example.test`).join('\n');
  const invite = async (inviteeEmails: string, who = 'iago@zulip.com') =>
    request(h.app)
      .post('/api/v1/invites')
      .set(await h.headers(who))
      .type('form')
      .send({ invitee_emails: inviteeEmails, stream_ids: JSON.stringify([verona]) });
  const invitations = async () => Number((await h.db.knex('invitations').count<{ n: string }[]>('* as n'))[0]!.n);
  const jobRequests = async () =>
    Number((await h.db.knex('job_requests').where({ kind: 'settings.invitation-mail' }).count<{ n: string }[]>('* as n'))[0]!.n);

  /** The statements of each transaction that wrote invitations while `run` ran. */
  async function invitingTransactions(run: () => Promise<void>): Promise<string[][]> {
    const byTransaction = new Map<string, string[]>();
    const onQuery = (query: { __knexTxId?: string; sql: string }) => {
      if (query.__knexTxId) byTransaction.set(query.__knexTxId, [...(byTransaction.get(query.__knexTxId) ?? []), query.sql]);
    };
    h.db.knex.on('query', onQuery);
    try {
      await run();
    } finally {
      h.db.knex.removeListener('query', onQuery);
    }
    return [...byTransaction.values()].filter((statements) => statements.some((sql) => /insert into "?invitations"? /i.test(sql)));
  }

  it('writes a thousand invitations with the statements of three, in one transaction', async () => {
    const shapeOf = async (tag: string, count: number) => {
      const transactions = await invitingTransactions(async () => {
        expect((await invite(addresses(tag, count))).body).toEqual({ result: 'success', msg: '' });
      });
      expect(transactions).toHaveLength(1);
      return transactions[0]!;
    };
    const three = await shapeOf('three', 3);
    const thousand = await shapeOf('thousand', MAX_INVITES_PER_REQUEST);
    expect(thousand).toEqual(three);
    // BEGIN, the realm locked, the day's count, the domain rule, the existing accounts, three
    // INSERTs (rows, streams, e-mail jobs), the count kept, the audience and the event, COMMIT.
    expect(three.length).toBeLessThanOrEqual(13);
    expect(Number((await h.db.knex('invitations').where('email', 'like', 'thousand%').count<{ n: string }[]>('* as n'))[0]!.n)).toBe(1000);
    // One e-mail job each, asked for in the same transaction.
    expect(await jobRequests()).toBe(1003);
  });

  it('refuses more than a thousand addresses in one request, inviting nobody', async () => {
    const before = await invitations();
    expect((await invite(addresses('toomany', MAX_INVITES_PER_REQUEST + 1))).body).toEqual({
      result: 'error',
      msg: `You can invite at most ${MAX_INVITES_PER_REQUEST} people at once, so no invitations were sent.`,
      code: 'INVITATION_FAILED',
      errors: [],
      sent_invitations: false,
    });
    expect(await invitations()).toBe(before);
  });

  it("caps a realm's invitations in any 24 hours, resends included, revocations not given back", async () => {
    const daily = h.config.invitesRealmDailyMax;
    expect(daily).toBe(3000);
    // 1,003 sent above; revoking them does not give the day's quota back.
    await h.db.knex('invitations').where('email', 'like', 'thousand%').del();
    expect((await invite(addresses('more', MAX_INVITES_PER_REQUEST))).body.result).toBe('success');
    const before = await invitations();
    const jobsBefore = await jobRequests();
    // 2,003 sent: a thousand more would pass the cap; the request is refused whole.
    expect((await invite(addresses('over', MAX_INVITES_PER_REQUEST))).body).toEqual(DAILY_LIMIT);
    expect((await invite(addresses('last', 997))).body.result).toBe('success');
    expect((await invite('one-too-many@example.test', 'hamlet@zulip.com')).body).toEqual(DAILY_LIMIT);
    const pending = await h.db.knex('invitations').where({ email: 'last0@example.test' }).first('id');
    expect(
      (
        await request(h.app)
          .post(`/api/v1/invites/${pending.id}/resend`)
          .set(await h.headers('iago@zulip.com'))
      ).body,
    ).toEqual(DAILY_LIMIT);
    expect(await invitations()).toBe(before + 997);
    expect(await jobRequests()).toBe(jobsBefore + 997);
    // A day later the count has aged out.
    await h.db.knex('realm_invites_sent').update({ sent_at: h.db.knex.raw("now() - interval '25 hours'") });
    expect(
      (
        await request(h.app)
          .post(`/api/v1/invites/${pending.id}/resend`)
          .set(await h.headers('iago@zulip.com'))
      ).body.result,
    ).toBe('success');
    expect((await invite('one-more@example.test', 'hamlet@zulip.com')).body).toEqual({ result: 'success', msg: '' });
  });
});

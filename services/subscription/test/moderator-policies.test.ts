/**
 * The realm policies of streams with Zulip's moderators-only value (4, feature level 60): a
 * moderator creates streams and subscribes others, a member is refused, an administrator passes
 * as he passes every policy below his role; a moderator is no administrator elsewhere.
 */
import { startHarness, type Harness } from './helpers';

describe('stream policies for moderators', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.db.knex('users').where({ realm_id: h.realmId, email: 'cordelia@zulip.com' }).update({ role: 'moderator' });
    await h.db
      .knex('realms')
      .where({ id: h.realmId })
      .update({ settings: JSON.stringify({ create_stream_policy: 4, invite_to_stream_policy: 4 }) });
  });
  afterAll(() => h.close());

  const subscribe = (who: string, form: Record<string, unknown>) => h.as(`${who}@zulip.com`).post('/users/me/subscriptions', form);
  const streamNamed = (name: string) => h.db.knex('streams').where({ realm_id: h.realmId, name }).first('id');

  it('create_stream_policy 4: a moderator and an administrator create streams, a member and a guest may not', async () => {
    expect((await subscribe('cordelia', { subscriptions: [{ name: 'moderated' }] })).status).toBe(200);
    expect((await subscribe('iago', { subscriptions: [{ name: 'administered' }] })).status).toBe(200);
    for (const who of ['hamlet', 'polonius']) {
      expect((await subscribe(who, { subscriptions: [{ name: `${who}'s stream` }] })).body).toEqual({
        result: 'error',
        msg: 'User cannot create streams.',
        code: 'BAD_REQUEST',
      });
      expect(await streamNamed(`${who}'s stream`)).toBeUndefined();
    }
    expect(await streamNamed('moderated')).toBeDefined();
  });

  it('invite_to_stream_policy 4: a moderator subscribes others, a member may not', async () => {
    const othello = await h.userId('othello@zulip.com');
    // 'moderated': the stream the moderator made above, which othello is not in.
    const moderated = await subscribe('cordelia', { subscriptions: [{ name: 'moderated' }], principals: [othello] });
    expect(moderated.body).toMatchObject({ result: 'success', subscribed: { 'othello@zulip.com': ['moderated'] } });
    const refused = await subscribe('hamlet', { subscriptions: [{ name: 'administered' }], principals: [othello] });
    expect(refused.body).toEqual({ result: 'error', msg: "Only administrators can modify other users' subscriptions." });
  });

  it('leaves what takes an administrator to administrators: a moderator makes no announcement-only stream', async () => {
    const res = await subscribe('cordelia', { subscriptions: [{ name: 'moderator announcements' }], is_announcement_only: true });
    expect(res.body).toEqual({ result: 'error', msg: 'User cannot create a stream with these settings.', code: 'BAD_REQUEST' });
  });
});

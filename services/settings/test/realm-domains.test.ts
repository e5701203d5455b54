import request from 'supertest';
import { startSettings, eventsOf, type Harness } from './helpers';

describe('realm domains', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const as = (who: string) => h.headers(`${who}@zulip.com`);
  const err = (msg: string) => ({ result: 'error', msg });
  const ok = { result: 'success', msg: '' };
  const add = async (domain: string, allowSubdomains = false, who = 'iago') =>
    (
      await request(h.app)
        .post('/api/v1/realm/domains')
        .set(await as(who))
        .type('form')
        .send({ domain, allow_subdomains: String(allowSubdomains) })
    ).body;
  const patch = async (domain: string, allowSubdomains: boolean, who = 'iago') =>
    (
      await request(h.app)
        .patch(`/api/v1/realm/domains/${domain}`)
        .set(await as(who))
        .type('form')
        .send({ allow_subdomains: String(allowSubdomains) })
    ).body;
  const remove = async (domain: string, who = 'iago') =>
    (
      await request(h.app)
        .delete(`/api/v1/realm/domains/${domain}`)
        .set(await as(who))
    ).body;
  const list = async () =>
    (
      await request(h.app)
        .get('/api/v1/realm/domains')
        .set(await as('hamlet'))
    ).body;
  const restrict = async (on: boolean) =>
    (
      await request(h.app)
        .patch('/api/v1/realm')
        .set(await as('iago'))
        .type('form')
        .send({ emails_restricted_to_domains: String(on) })
    ).body;
  const createUser = async (email: string) =>
    (
      await request(h.app)
        .post('/api/v1/users')
        .set(await as('iago'))
        .type('form')
        .send({ email, password: 'a-long-password', full_name: 'New One', short_name: 'new' })
    ).body;

  it('adds a domain (lower-cased, JSON string or plain) with a realm_domains add event to every active user', async () => {
    expect(await list()).toEqual({ ...ok, domains: [] });
    const notices = await eventsOf(h.db, async () => {
      expect(await add('"Zulip.COM"')).toEqual({ ...ok, new_domain: [expect.any(Number), 'zulip.com'] });
    });
    expect(notices.map((n) => n.event)).toEqual([
      { type: 'realm_domains', op: 'add', realm_domain: { domain: 'zulip.com', allow_subdomains: false } },
    ]);
    expect(notices[0]!.userIds.length).toBeGreaterThan(5);
    await add('acme.example', true);
    expect((await list()).domains).toEqual([
      { domain: 'zulip.com', allow_subdomains: false },
      { domain: 'acme.example', allow_subdomains: true },
    ]);
  });

  it("refuses invalid and duplicate domains with Zulip's messages, and non-administrators", async () => {
    expect(await add('zulip.com')).toEqual(err('The domain zulip.com is already a part of your organization.'));
    expect(await add('')).toEqual(err("Invalid domain: Domain can't be empty."));
    expect(await add('localhost')).toEqual(err('Invalid domain: Domain must have at least one dot (.)'));
    expect(await add('.zulip.org')).toEqual(err('Invalid domain: Domain cannot start or end with a dot (.)'));
    expect(await add('a..b')).toEqual(err("Invalid domain: Consecutive '.' are not allowed."));
    expect(await add('-a.b')).toEqual(err("Invalid domain: Subdomains cannot start or end with a '-'."));
    expect(await add('a_b.c')).toEqual(err("Invalid domain: Domain can only have letters, numbers, '.' and '-'s."));
    expect(await add(`${'a'.repeat(252)}.com`)).toEqual(err('Invalid domain: Domain is too long'));
    const notAdmin = { result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' };
    expect(await add('hamlet.org', false, 'hamlet')).toEqual(notAdmin);
    // The administrator is checked before the domain.
    expect(await add('not a domain', false, 'hamlet')).toEqual(notAdmin);
    expect(await patch('zulip.com', true, 'hamlet')).toEqual(notAdmin);
    expect(await remove('zulip.com', 'hamlet')).toEqual(notAdmin);
    expect(await patch('nowhere.org', true)).toEqual(err('No entry found for domain nowhere.org.'));
    expect(await remove('nowhere.org')).toEqual(err('No entry found for domain nowhere.org.'));
    const missing = await request(h.app)
      .post('/api/v1/realm/domains')
      .set(await as('iago'))
      .type('form')
      .send({ domain: 'x.org' });
    expect(missing.body).toMatchObject({ result: 'error', msg: "Missing 'allow_subdomains' argument" });
  });

  it('changes allow_subdomains with a change event', async () => {
    const notices = await eventsOf(h.db, async () => expect(await patch('zulip.com', true)).toEqual(ok));
    expect(notices.map((n) => n.event)).toEqual([
      { type: 'realm_domains', op: 'change', realm_domain: { domain: 'zulip.com', allow_subdomains: true } },
    ]);
    await patch('zulip.com', false);
  });

  it('restricts POST /users to the domains when the realm says so, subdomains where allowed', async () => {
    expect(await restrict(true)).toMatchObject(ok);
    expect(await createUser('stranger@elsewhere.org')).toEqual(err("Email 'stranger@elsewhere.org' not allowed in this organization"));
    expect(await createUser('sub@mail.zulip.com')).toEqual(err("Email 'sub@mail.zulip.com' not allowed in this organization"));
    expect(await createUser('ann@deep.acme.example')).toEqual(ok);
    expect(await createUser('bea@Zulip.com')).toEqual(ok);
  });

  it('removes domains with remove events; removing the last lifts the restriction with a realm update', async () => {
    expect(await remove('acme.example')).toEqual(ok);
    const notices = await eventsOf(h.db, async () => expect(await remove('zulip.com')).toEqual(ok));
    expect(notices.map((n) => n.event)).toEqual([
      { type: 'realm', op: 'update', property: 'emails_restricted_to_domains', value: false },
      { type: 'realm_domains', op: 'remove', domain: 'zulip.com' },
    ]);
    expect(await list()).toEqual({ ...ok, domains: [] });
    expect(await createUser('stranger@elsewhere.org')).toEqual(ok);
  });
});

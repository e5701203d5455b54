import request from 'supertest';
import Ajv from 'ajv';
import type { Express } from 'express';
import type { Database } from '@chat/db';
import { EVENT_SCHEMAS, type Notice } from '@chat/events';
import { renderMarkdown, topicLinks } from '@chat/markdown';
import {
  devRealmId,
  headersFor,
  inThreadRenderer,
  lastOutboxId,
  outboxNotices,
  seededDatabase,
  testConfig,
  testLogger,
} from '@chat/testing';
import { buildApp } from '../src/app';
import { loadMessages } from '../src/queries/messages';
import { insertRealmFilter } from '../src/actions/realm-filters';
import { loadRealmLinkifiers } from '../src/queries/realm-filters';

const ajv = new Ajv({ strict: false, allErrors: true });
const validateEvent = ajv.compile(EVENT_SCHEMAS.realm_filters!);

const ADMIN = 'iago@zulip.com';
const MEMBER = 'hamlet@zulip.com';
const PATTERN = '#(?P<id>[0-9]+)';
const URL = 'https://github.com/zulip/zulip/issues/%(id)s';

describe('linkifiers: /realm/filters', () => {
  const config = testConfig();
  let db: Database;
  let app: Express;
  let realmId: number;

  const as = async (email: string) => headersFor(db, config, email);
  const list = async (email = MEMBER) =>
    request(app)
      .get('/api/v1/realm/filters')
      .set(await as(email));
  const add = async (email: string, form: Record<string, string>) =>
    request(app)
      .post('/api/v1/realm/filters')
      .set(await as(email))
      .type('form')
      .send(form);
  const remove = async (email: string, id: number | string) =>
    request(app)
      .delete(`/api/v1/realm/filters/${id}`)
      .set(await as(email));
  const sendToDenmark = async (topic: string, content: string) => {
    const res = await request(app)
      .post('/api/v1/messages')
      .set(await as(MEMBER))
      .type('form')
      .send({ type: 'stream', to: 'Denmark', topic, content });
    expect(res.status).toBe(200);
    const loaded = (await loadMessages(db.knex, [res.body.id as number])).get(res.body.id as number)!;
    return { rendered: loaded.row.rendered_content, subjectLinks: loaded.wire.subject_links };
  };
  const noticesOf = async (action: () => Promise<unknown>): Promise<Notice[]> => {
    const mark = await lastOutboxId(db.knex);
    await action();
    return outboxNotices(db.knex, mark);
  };

  beforeAll(async () => {
    db = await seededDatabase(config);
    app = buildApp({ config, db, logger: testLogger(), renderer: inThreadRenderer() });
    realmId = await devRealmId(db);
  });
  afterAll(() => db.close());
  afterEach(async () => {
    await db.knex('realm_filters').delete();
  });

  it('lists no linkifiers in a new realm', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', filters: [] });
  });

  it('lets an administrator add one, lists it as a [pattern, url, id] triple to anyone', async () => {
    const res = await add(ADMIN, { pattern: PATTERN, url_format_string: URL });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    const listed = await list(MEMBER);
    expect(listed.body).toEqual({ result: 'success', msg: '', filters: [[PATTERN, URL, res.body.id]] });
  });

  it('sends the realm_filters event with the whole list to every active user, in the same transaction', async () => {
    const notices = await noticesOf(() => add(ADMIN, { pattern: PATTERN, url_format_string: URL }));
    expect(notices).toHaveLength(1);
    const notice = notices[0]!;
    if (notice.kind !== 'event') throw new Error('expected an event notice');
    const id = (await db.knex('realm_filters').first('id')).id as number;
    expect(notice.event).toEqual({ type: 'realm_filters', realm_filters: [[PATTERN, URL, id]] });
    expect(validateEvent({ ...notice.event, id: 0 })).toBe(true);
    const active = await db.knex('users').where({ realm_id: realmId, is_active: true }).orderBy('id').pluck('id');
    expect(notice.userIds).toEqual(active);

    const removal = await noticesOf(() => remove(ADMIN, id));
    expect(removal).toHaveLength(1);
    expect((removal[0] as { event: unknown }).event).toEqual({ type: 'realm_filters', realm_filters: [] });
  });

  it('refuses non-administrators with UNAUTHORIZED_PRINCIPAL, before looking at the arguments', async () => {
    const refused = { result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' };
    const adding = await add(MEMBER, { pattern: PATTERN, url_format_string: URL });
    expect(adding.status).toBe(400);
    expect(adding.body).toEqual(refused);
    expect((await add(MEMBER, {})).body).toEqual(refused);
    const id = (await add(ADMIN, { pattern: PATTERN, url_format_string: URL })).body.id as number;
    const notices = await noticesOf(async () => expect((await remove(MEMBER, id)).body).toEqual(refused));
    expect(notices).toEqual([]);
    expect((await list()).body.filters).toHaveLength(1);
  });

  it('reports missing arguments to administrators', async () => {
    const res = await add(ADMIN, { url_format_string: URL });
    expect(res.body).toEqual({
      result: 'error',
      msg: "Missing 'pattern' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'pattern',
    });
    expect((await add(ADMIN, { pattern: PATTERN })).body.var_name).toBe('url_format_string');
  });

  const invalidPattern = 'Invalid filter pattern.  Valid characters are [ a-zA-Z_#=/:+!-].';
  it.each([
    [{ pattern: '', url_format_string: URL }, 'This field cannot be blank.', { pattern: ['This field cannot be blank.'] }],
    [{ pattern: '$a', url_format_string: URL }, invalidPattern, { pattern: [invalidPattern] }],
    // Python refuses a double quantifier; so does RE2.
    [{ pattern: 'ZUL-(?P<id>\\d++)', url_format_string: URL }, invalidPattern, { pattern: [invalidPattern] }],
    // Well-formed for Python, but RE2 (linkifiers run on it, in linear time) has no lookaround
    // and no backreferences.
    [{ pattern: '#(?P<id>[0-9]+)(?!x)', url_format_string: URL }, invalidPattern, { pattern: [invalidPattern] }],
    [{ pattern: '#(?P<id>[0-9]+)(?=x)', url_format_string: URL }, invalidPattern, { pattern: [invalidPattern] }],
    [{ pattern: '#(?P<id>[a-z])(?P=id)', url_format_string: URL }, invalidPattern, { pattern: [invalidPattern] }],
    [{ pattern: '#(?P<id>[a-z])\\1', url_format_string: URL }, invalidPattern, { pattern: [invalidPattern] }],
    [
      { pattern: 'ZUL-(?P<id>\\d+)', url_format_string: '$fgfg' },
      'Enter a valid URL.',
      { url_format_string: ['Enter a valid URL.', 'Invalid URL format string.'] },
    ],
    // Only web and FTP URLs (2.1's URL validator): no script scheme, nothing relative to the scheme.
    [{ pattern: PATTERN, url_format_string: 'javascript:%(id)s' }, 'Enter a valid URL.', { url_format_string: ['Enter a valid URL.'] }],
    [{ pattern: PATTERN, url_format_string: '//evil.example/%(id)s' }, 'Enter a valid URL.', { url_format_string: ['Enter a valid URL.'] }],
    [
      { pattern: 'ZUL-(?P<id>\\d+)', url_format_string: 'https://realm.com/my_realm_filter/' },
      'Invalid URL format string.',
      { url_format_string: ['Invalid URL format string.'] },
    ],
    [
      { pattern: '$a', url_format_string: 'nope' },
      invalidPattern,
      { pattern: [invalidPattern], url_format_string: ['Enter a valid URL.', 'Invalid URL format string.'] },
    ],
  ])('rejects %j with "%s" and Zulip\'s errors object, writing nothing', async (form, msg, errors) => {
    const notices = await noticesOf(async () => {
      const res = await add(ADMIN, form);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', msg, errors });
    });
    expect(notices).toEqual([]);
    expect((await list()).body.filters).toEqual([]);
  });

  it("accepts the patterns and URLs of Zulip's own examples", async () => {
    for (const [pattern, url] of [
      ['#(?P<id>[0-9]{2,8})', URL],
      ['ZUL-(?P<id>\\d+)', 'https://trac.example.com/ticket/%(id)s'],
      ['(?P<org>[a-zA-Z0-9_-]+)/(?P<repo>[a-zA-Z0-9_-]+)#(?P<id>[0-9]+)', 'https://github.com/%(org)s/%(repo)s/issues/%(id)s'],
    ] as const) {
      const res = await add(ADMIN, { pattern, url_format_string: url });
      expect([pattern, res.body]).toEqual([pattern, { result: 'success', msg: '', id: expect.any(Number) }]);
    }
  });

  it('checks the pattern shape in linear time too', async () => {
    // Zulip's shape check, (...(.+\))+, backtracks exponentially on a backtracking engine.
    const res = await add(ADMIN, { pattern: `${'(?P<a>x)'.repeat(60)}$`, url_format_string: URL });
    expect(res.body).toEqual({ result: 'error', msg: invalidPattern, errors: { pattern: [invalidPattern] } });
  });

  it('renders a catastrophic pattern in linear time: #(?P<id>(a+)+b) and # with 30 to 5000 a', async () => {
    // 2^30 backtracking steps at 30 a's on a backtracking engine (6 s, doubling per a).
    expect((await add(ADMIN, { pattern: '#(?P<id>(a+)+b)', url_format_string: URL })).status).toBe(200);
    for (const n of [30, 5000]) {
      const as = 'a'.repeat(n);
      const sent = await sendToDenmark(`#${'a'.repeat(40)}`, `#${as}`);
      expect(sent.rendered).toBe(`<p>#${as}</p>`);
      expect(sent.subjectLinks).toEqual([]);
      const url = URL.replace('%(id)s', `${as}b`);
      expect((await sendToDenmark('t', `see #${as}b`)).rendered).toBe(
        `<p>see <a href="${url}" target="_blank" title="${url}">#${as}b</a></p>`,
      );
    }
    expect((await sendToDenmark(`#${'a'.repeat(40)}b`, 'x')).subjectLinks).toEqual([URL.replace('%(id)s', `${'a'.repeat(40)}b`)]);
  });

  it('skips a stored pattern RE2 refuses when rendering (content, topic links, preview), and still lists it', async () => {
    // Stored before patterns were checked with RE2: it must neither fail the send nor link.
    const refused = '#(?P<id>[0-9]+)(?!x)';
    await insertRealmFilter(db.knex, realmId, refused, URL);
    await add(ADMIN, { pattern: 'ZUL-(?P<id>\\d+)', url_format_string: 'https://trac.example.com/ticket/%(id)s' });
    const sent = await sendToDenmark('#3 and ZUL-2', '#5 and ZUL-7');
    expect(sent.rendered).toBe(
      '<p>#5 and <a href="https://trac.example.com/ticket/7" target="_blank" title="https://trac.example.com/ticket/7">ZUL-7</a></p>',
    );
    expect(sent.subjectLinks).toEqual(['https://trac.example.com/ticket/2']);
    const preview = await request(app)
      .post('/api/v1/messages/render')
      .set(await as(MEMBER))
      .type('form')
      .send({ content: '#5' });
    expect(preview.body).toEqual({ result: 'success', msg: '', rendered: '<p>#5</p>' });
    expect((await list()).body.filters.map(([pattern]: [string]) => pattern)).toEqual([refused, 'ZUL-(?P<id>\\d+)']);
  });

  it('refuses a second linkifier with the same pattern', async () => {
    await add(ADMIN, { pattern: PATTERN, url_format_string: URL });
    const res = await add(ADMIN, { pattern: PATTERN, url_format_string: 'https://example.com/%(id)s' });
    const msg = 'Realm filter with this Realm and Pattern already exists.';
    expect(res.body).toEqual({ result: 'error', msg, errors: { __all__: [msg] } });
  });

  it('deletes by id; an unknown id is "Filter not found"; a non-numeric id is no route', async () => {
    const id = (await add(ADMIN, { pattern: PATTERN, url_format_string: URL })).body.id as number;
    const res = await remove(ADMIN, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect((await list()).body.filters).toEqual([]);
    const again = await remove(ADMIN, id);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ result: 'error', msg: 'Filter not found' });
    expect((await remove(ADMIN, 'abc')).status).toBe(404);
  });

  it("loads the realm's linkifiers for rendering (content and subject_links)", async () => {
    await add(ADMIN, { pattern: PATTERN, url_format_string: URL });
    await add(ADMIN, { pattern: 'ZUL-(?P<id>\\d+)', url_format_string: 'https://trac.example.com/ticket/%(id)s' });
    const linkifiers = await loadRealmLinkifiers(db.knex, realmId);
    expect(linkifiers.map((l) => l.pattern)).toEqual([PATTERN, 'ZUL-(?P<id>\\d+)']);
    expect(renderMarkdown('see #224 and ZUL-7', { linkifiers }).html).toBe(
      '<p>see <a href="https://github.com/zulip/zulip/issues/224" target="_blank" title="https://github.com/zulip/zulip/issues/224">#224</a>' +
        ' and <a href="https://trac.example.com/ticket/7" target="_blank" title="https://trac.example.com/ticket/7">ZUL-7</a></p>',
    );
    expect(topicLinks('#1 and ZUL-2', linkifiers)).toEqual([
      'https://github.com/zulip/zulip/issues/1',
      'https://trac.example.com/ticket/2',
    ]);
    expect(await loadRealmLinkifiers(db.knex, realmId + 1000)).toEqual([]);
  });
});

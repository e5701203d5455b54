/**
 * Whether a message starts read for its sender, as Zulip decides it (zerver/views/message_send.py
 * and Client.default_read_by_sender): read_by_sender when given (feature level 236), else whether
 * the sending client is one of Zulip's own apps or the web app, `website`, which every browser
 * session is (zerver/decorator.py get_client_name). The message's `client` is that name.
 */
import request from 'supertest';
import { IDENTITY_HEADER, identityHeaders, type UserIdentity } from '@chat/http';
import { startHarness, type Harness } from './helpers';

jest.setTimeout(60_000);

describe('read for its sender', () => {
  let h: Harness;
  let hamlet: number;
  beforeAll(async () => {
    h = await startHarness();
    hamlet = await h.userId('hamlet@zulip.com');
  });
  afterAll(() => h.close());

  /** hamlet's headers: an API key's, or the web client's session (under /json) when `sessionId` is given. */
  async function headers(sessionId?: number): Promise<Record<string, string>> {
    const apiKey = await h.headers('hamlet@zulip.com');
    if (sessionId === undefined) return apiKey;
    const { ts: _ts, ...identity } = JSON.parse(Buffer.from(apiKey[IDENTITY_HEADER]!, 'base64url').toString('utf8')) as UserIdentity & {
      ts: number;
    };
    return identityHeaders({ ...identity, sessionId }, h.config.internalSecret);
  }

  async function sendAs(how: {
    session?: boolean;
    userAgent: string;
    form?: Record<string, string>;
  }): Promise<{ client: string; flags: string[] }> {
    const res = await request(h.app)
      .post('/api/v1/messages')
      .set(await headers(how.session ? 41 : undefined))
      .set('User-Agent', how.userAgent)
      .type('form')
      .send({ type: 'private', to: 'othello@zulip.com', content: 'a word', ...how.form });
    expect(res.status).toBe(200);
    const fetched = await h.get('hamlet@zulip.com', '/messages', { anchor: res.body.id, num_before: 0, num_after: 0 });
    const row = await h.db.knex('user_messages').where({ message_id: res.body.id, user_id: hamlet }).first();
    expect((row.flags & 1) === 1).toBe(fetched.body.messages[0].flags.includes('read'));
    return { client: fetched.body.messages[0].client, flags: fetched.body.messages[0].flags };
  }

  const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

  it.each([
    ['the web client (a browser session)', { session: true, userAgent: CHROME }, 'website', true],
    [
      'the desktop app (its session keeps its name)',
      { session: true, userAgent: 'ZulipElectron/5.11.1 Mozilla/5.0 Electron/31.0' },
      'ZulipElectron',
      true,
    ],
    ['a browser with an API key', { userAgent: CHROME }, 'Mozilla', false],
    ["Zulip's Python bindings", { userAgent: 'ZulipPython/0.8.2 (Debian GNU/Linux; 12)' }, 'ZulipPython', false],
    ['zulip-terminal', { userAgent: 'ZulipTerminal/0.7.0 Linux-6.1.0 (Debian GNU/Linux; 12)' }, 'ZulipTerminal', true],
    ['the mobile app on servers before level 236', { userAgent: 'ZulipMobile/flutter' }, 'ZulipMobile', true],
    ['the mobile app without read_by_sender', { userAgent: 'ZulipFlutter/30.0.261+261 (Android 14)' }, 'ZulipFlutter', false],
    [
      'the mobile app with read_by_sender',
      { userAgent: 'ZulipFlutter/30.0.261+261 (Android 14)', form: { read_by_sender: 'true' } },
      'ZulipFlutter',
      true,
    ],
    ['the web client declining it', { session: true, userAgent: CHROME, form: { read_by_sender: 'false' } }, 'website', false],
    ['a client parameter naming a human client', { userAgent: 'ZulipPython/0.8.2', form: { client: 'website' } }, 'website', true],
    ['a client whose name says it is a desktop app', { userAgent: 'Zulip Desktop App/2.0' }, 'Zulip Desktop App', true],
  ])('%s', async (_label, how, client, read) => {
    const sent = await sendAs(how);
    expect(sent).toEqual({ client, flags: read ? ['read'] : [] });
  });
});

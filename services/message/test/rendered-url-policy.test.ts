/**
 * Every way a message's HTML is written goes through @chat/markdown and so through its one URL
 * policy: a send, a send through the internal API (webhooks, bots, notices), a content edit (the
 * stored row and the update_message event) and /messages/render; topic links too. A linkifier
 * stored with a script URL (before URL format strings were checked, or written by SQL) links
 * nothing in any of them.
 */
import { messageEndpoints } from '@chat/contracts';
import { httpInternalClient, loopbackListener, type InternalClient } from '@chat/http';
import { insertRealmFilter } from '../src/actions/realm-filters';
import { loadMessages } from '../src/queries/messages';
import { eventsOf, sendOk, startHarness, type Harness } from './helpers';

/** The removed !modal_link, a script link in entity disguise, and a stored script linkifier (#12). */
const HOSTILE = '!modal_link(javascript:window.onerror=alert;throw 1, click) [x](java&#x09;script:alert(1)) #12 [y](//evil.example/a)';
const SAFE =
  '<p>!modal_link(javascript:window.onerror=alert;throw 1, click) [x](java\tscript:alert(1)) #12 ' +
  '<a href="http://evil.example/a" target="_blank" title="http://evil.example/a">y</a></p>';

describe('the URL policy on every path that writes message HTML', () => {
  let h: Harness;
  let internal: InternalClient;
  let closeLoopback: () => Promise<void>;

  beforeAll(async () => {
    h = await startHarness();
    await insertRealmFilter(h.db.knex, h.realmId, '#(?P<id>[0-9]+)', 'javascript:alert(%(id)s)');
    const loopback = await loopbackListener(h.app);
    closeLoopback = loopback.close;
    internal = httpInternalClient({ message: loopback.url }, h.config.internalSecret, 'webhook');
  });
  afterAll(async () => {
    await closeLoopback();
    await h.close();
  });

  const stored = async (id: number) => (await loadMessages(h.db.knex, [id])).get(id)!;

  it('a send: the content, and the topic\u2019s links', async () => {
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'see #7', content: HOSTILE });
    const message = await stored(id);
    expect(message.row.rendered_content).toBe(SAFE);
    expect(message.wire.subject_links).toEqual([]);
  });

  it('a send through the internal API, as webhooks and bots post', async () => {
    const body = await internal.call(
      messageEndpoints.sendInternalMessage,
      { sender_email: 'webhook-bot@zulip.com', type: 'stream', to: 'Denmark', topic: 'ci', content: HOSTILE },
      { realmId: h.realmId },
    );
    expect((await stored(body.id)).row.rendered_content).toBe(SAFE);
  });

  it('a content edit: the stored HTML and the update_message event', async () => {
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'edit', content: 'before' });
    const notices = await h.noticesOf(async () => {
      expect((await h.patch('hamlet@zulip.com', `/messages/${id}`, { content: HOSTILE })).status).toBe(200);
    });
    expect((await stored(id)).row.rendered_content).toBe(SAFE);
    const update = eventsOf(notices).find((e) => e.type === 'update_message');
    expect(update).toMatchObject({ rendered_content: SAFE });
  });

  it('/messages/render', async () => {
    const res = await h.post('hamlet@zulip.com', '/messages/render', { content: HOSTILE });
    expect(res.body).toEqual({ result: 'success', msg: '', rendered: SAFE });
  });
});

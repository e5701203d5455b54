/**
 * The Slack-compatible webhook beyond Zulip's own cases (test/zulip-webhooks/slack_incoming):
 * where the payload may come from, the caller's topic, Slack's error envelope, links and times.
 */
import { webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());

async function post(query: string, body: string, contentType = 'application/json') {
  h.internal.calls = [];
  const res = await h.post(`/external/slack_incoming?stream=Denmark${query}`, body, contentType);
  return { res, posted: h.internal.posted().map((p) => ({ topic: p.topic, content: p.content })) };
}

describe('slack_incoming', () => {
  it('posts as ZulipSlackIncomingWebhook, to "(no topic)" (the empty topic) without a channel', async () => {
    const { res, posted } = await post('', '{"text": "Hello"}');
    // Zulip's success envelope with Slack's `ok`, which Slack-compatible tools read.
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { result: 'success', msg: '', ok: true } });
    expect(posted).toEqual([{ topic: '(no topic)', content: 'Hello' }]);
    expect(h.internal.calls[0]?.params.client).toBe('ZulipSlackIncomingWebhook');
  });

  it("lets the URL's topic win over the channel, which is then not read", async () => {
    const { posted } = await post('&topic=deploys', '{"text": "Hi", "channel": 5}');
    expect(posted).toEqual([{ topic: 'deploys', content: 'Hi' }]);
  });

  it('reads `payload` from the query string when the body is not a form', async () => {
    const { posted } = await post(`&payload=${encodeURIComponent('{"text": "From the URL", "channel": "@ops"}')}`, '', 'text/plain');
    expect(posted).toEqual([{ topic: 'ops', content: 'From the URL' }]);
  });

  it("answers a malformed payload in Slack's envelope, without telling the bot's owner", async () => {
    const { res } = await post('', 'payload=%7Bnope', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg: 'Malformed JSON', code: 'BAD_REQUEST', ok: false, error: 'Malformed JSON' });
    expect(h.internal.calls).toEqual([]);
  });

  it('names the field of a payload Zulip would refuse', async () => {
    const { res } = await post('', '{"blocks": [{"type": "carousel"}]}');
    expect(res.body).toMatchObject({ msg: 'Invalid payload["blocks"][0]["type"]', ok: false });
    const second = await post('', '{"attachments": [{"title": "T", "title_link": "not a url"}]}');
    expect(second.res.body).toMatchObject({ msg: 'payload["attachments"][0]["title_link"] is not a URL' });
  });

  it('converts links, addresses and strikethrough; a timestamp may be a decimal string', async () => {
    const text = '~gone~ <https://x.org|X> <https://y.org> <mailto:a@b.org|a@b.org> snake_case_name';
    const { posted } = await post('', JSON.stringify({ text, attachments: [] }));
    expect(posted[0]?.content).toBe('~~gone~~ [X](https://x.org) https://y.org mailto:a@b.org snake_case_name');
    const timed = await post('', '{"attachments": [{"footer": "f", "ts": "1655945306.75"}]}');
    expect(timed.posted[0]?.content).toBe('f\n\n<time:2022-06-23T00:48:26+00:00>');
  });

  it('shows only the blocks when there are blocks and text, and the icon before text alone', async () => {
    const blocks = await post('', '{"text": "fallback", "blocks": [{"type": "divider"}]}');
    expect(blocks.posted[0]?.content).toBe('----');
    const icon = await post('', '{"text": "deployed", "icon_emoji": ":rocket:", "username": "Bot"}');
    expect(icon.posted[0]?.content).toBe(':rocket: deployed');
  });
});

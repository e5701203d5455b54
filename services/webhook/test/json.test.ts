/**
 * The generic JSON integration beyond Zulip's own cases (test/zulip-webhooks/json): the payload
 * written as Python's json.dumps(indent=2) writes it, which JSON.stringify does not.
 */
import { webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());

async function post(body: string) {
  h.internal.calls = [];
  const res = await h.post('/external/json?stream=Denmark', body, 'application/json');
  return { res, posted: h.internal.posted().map((p) => ({ topic: p.topic, content: p.content })) };
}

describe('json', () => {
  it('keeps key order and numbers as sent, floats as Python prints them, non-ASCII escaped', async () => {
    const { res, posted } = await post('{"b": 1.0, "2": 1e16, "1": 12345678901234567890, "a": 0.00001, "é": "ü😀", "b": [], "n": {}}');
    expect(res.status).toBe(200);
    expect(posted).toEqual([
      {
        topic: 'JSON',
        content:
          '```json\n{\n  "b": [],\n  "2": 1e+16,\n  "1": 12345678901234567890,\n  "a": 1e-05,\n' +
          '  "\\u00e9": "\\u00fc\\ud83d\\ude00",\n  "n": {}\n}\n```',
      },
    ]);
  });

  it('accepts trailing commas, as the framework does', async () => {
    const { posted } = await post('{"cmd": ["a", "b",],}');
    expect(posted[0]?.content).toBe('```json\n{\n  "cmd": [\n    "a",\n    "b"\n  ]\n}\n```');
  });

  it('refuses a payload that is not an object, and one that is not JSON', async () => {
    expect((await post('[1, 2]')).res.body).toEqual({ result: 'error', msg: 'payload is not a dict', code: 'BAD_REQUEST' });
    const malformed = await post('<xml/>');
    expect(malformed.res.status).toBe(400);
    expect(malformed.res.body).toEqual({ result: 'error', msg: 'Malformed JSON', code: 'INVALID_JSON' });
  });
});

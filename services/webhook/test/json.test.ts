/** The generic JSON integration: the payload as an indented json block. */
import { fixture, postFixture, webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());

describe('json', () => {
  it('posts any JSON payload indented in a json block, topic JSON', async () => {
    const r = await postFixture(h, 'json', 'pingdom_http_up_to_down.json');
    expect(r.status).toBe(200);
    const pretty = JSON.stringify(JSON.parse(fixture('json', 'pingdom_http_up_to_down.json')), null, 2);
    expect(r.posted).toEqual([{ topic: 'JSON', content: `\`\`\`json\n${pretty}\n\`\`\`` }]);
    expect(pretty).toContain('\n  "check_params": {\n    "basic_auth": false,');
  });

  it('accepts trailing commas and keeps backticks inside the block', async () => {
    h.internal.calls = [];
    await h.post('/external/json?stream=Denmark&topic=ci', '{"cmd": "```rm```",}', 'text/plain');
    expect(h.internal.posted()).toMatchObject([{ topic: 'ci', content: '````json\n{\n  "cmd": "```rm```"\n}\n````' }]);
  });

  it('answers a body that is not JSON with Malformed JSON', async () => {
    const res = await h.post('/external/json?stream=Denmark', '<xml/>', 'application/xml');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg: 'Malformed JSON', code: 'INVALID_JSON' });
  });
});

/**
 * Jira, Linear, Trello and Basecamp: what Zulip's own cases (test/zulip-webhooks/<name>) do not
 * show. The client name; Jira's [~user] mentions named after the realm's users; which name
 * `only_events` matches (Jira's event, Basecamp's recording, nothing for Trello and Linear, which
 * Zulip sends without an event type); how unknown events are answered. On Zulip's fixtures.
 */
import { fixture, webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());

async function post(integration: string, body: string, query = '') {
  h.internal.calls = [];
  const res = await h.post(`/external/${integration}?stream=Denmark${query}`, body, 'application/json');
  return { status: res.status, body: res.body as Record<string, unknown>, posted: h.internal.posted() };
}

const unsupported = (name: string, eventType: string) => ({
  result: 'error',
  msg: `The '${eventType}' event isn't currently supported by the ${name} webhook; ignoring`,
  code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
  webhook_name: name,
  event_type: eventType,
});

const onlyEvents = (...names: string[]) => `&only_events=${encodeURIComponent(JSON.stringify(names))}`;

describe('jira', () => {
  const commented = JSON.parse(fixture('jira', 'commented_v2.json'));
  const withComment = (body: string) => JSON.stringify({ ...commented, comment: { ...commented.comment, body } });

  it('posts as ZulipJiraWebhook', async () => {
    await post('jira', fixture('jira', 'created_v2.json'));
    expect(h.internal.calls[0]?.params.client).toBe('ZulipJiraWebhook');
  });

  it("names a [~user] mention after the realm's user of that full name or email, else the username", async () => {
    const r = await post('jira', withComment('[~othello] and [~Iago] and [~cordelia@] and [~nobody]'));
    expect(r.posted[0]?.content).toContain(
      '``` quote\n**Othello, the Moor of Venice** and **Iago** and **Cordelia Lear** and **nobody**\n```',
    );
  });

  it('keeps a mention with LIKE wildcards literal', async () => {
    const r = await post('jira', withComment('[~%]'));
    expect(r.posted[0]?.content).toContain('``` quote\n**%**\n```');
  });

  it('answers an event it does not know as unsupported, and one without an event as anomalous', async () => {
    expect((await post('jira', JSON.stringify({ webhookEvent: 'board_created' }))).body).toEqual(unsupported('Jira', 'board_created'));
    const r = await post('jira', JSON.stringify({ issue: {} }));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('ANOMALOUS_WEBHOOK_PAYLOAD');
  });

  it('reads a transition without a named event as an update', async () => {
    const r = await post('jira', JSON.stringify({ transition: { from_status: 'To Do', to_status: 'Done' }, issue: { key: 'X-1' } }));
    // Before the message service strips the trailing newline.
    expect(r.posted).toMatchObject([{ topic: 'X-1: ', content: ' updated X-1: :\n\n* Changed status from **To Do** to **Done**\n' }]);
  });

  it('only_events matches the webhookEvent', async () => {
    const created = fixture('jira', 'created_v2.json');
    expect((await post('jira', created, onlyEvents('comment_*'))).posted).toEqual([]);
    expect((await post('jira', created, onlyEvents('jira:issue_*'))).posted).toHaveLength(1);
  });
});

describe('linear', () => {
  it('posts whatever only_events says, as Zulip (no event type)', async () => {
    const r = await post('linear', fixture('linear', 'comment_remove.json'), onlyEvents('nothing'));
    expect(r.posted).toHaveLength(1);
    expect(h.internal.calls[0]?.params.client).toBe('ZulipLinearWebhook');
  });

  it('answers a new kind as unsupported, naming its action', async () => {
    expect((await post('linear', JSON.stringify({ type: 'Document', action: 'create', data: {} }))).body).toEqual(
      unsupported('Linear', 'Document:create'),
    );
  });
});

describe('trello', () => {
  it('posts whatever only_events says, as Zulip (no event type)', async () => {
    const r = await post('trello', fixture('trello', 'creating_card.json'), onlyEvents('nothing'));
    expect(r.posted).toHaveLength(1);
    expect(h.internal.calls[0]?.params.client).toBe('ZulipTrelloWebhook');
  });

  it('answers an unknown action, and a card update of another field, as unsupported', async () => {
    expect((await post('trello', JSON.stringify({ action: { type: 'deleteCard' } }))).body).toEqual(unsupported('Trello', 'deleteCard'));
    const update = { action: { type: 'updateCard', data: { card: {}, old: { idLabels: [] } } } };
    expect((await post('trello', JSON.stringify(update))).body).toEqual(unsupported('Trello', 'updateCard'));
  });

  it('writes a due date given with an offset in that offset', async () => {
    const payload = JSON.parse(fixture('trello', 'setting_due_date_to_card.json'));
    payload.action.data.card.due = '2016-05-11T10:00:00.000+02:00';
    expect((await post('trello', JSON.stringify(payload))).posted[0]?.content).toContain('<time:2016-05-11T10:00:00+02:00>');
  });
});

describe('basecamp', () => {
  it('only_events matches the recording, not the kind', async () => {
    const completed = fixture('basecamp', 'todo_completed.json');
    expect((await post('basecamp', completed, onlyEvents('todo'))).posted).toHaveLength(1);
    expect((await post('basecamp', completed, onlyEvents('todo_completed'))).posted).toEqual([]);
    expect(h.internal.calls).toEqual([]);
  });

  it('answers a kind it does not post as unsupported, naming the kind', async () => {
    const payload = { ...JSON.parse(fixture('basecamp', 'todo_completed.json')), kind: 'todo_archived' };
    expect((await post('basecamp', JSON.stringify(payload))).body).toEqual(unsupported('Basecamp', 'todo_archived'));
  });
});

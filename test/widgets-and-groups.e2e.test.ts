/**
 * Zulip 2.1's routes beside the first surface, as clients meet them in both topologies: a poll
 * (its widget submessage made at send) and a new option (POST /submessage) reaching the message's
 * recipients' queues and its message dicts, the legacy reaction routes, default stream groups in
 * events and in /register (whose realm-wide state must follow the change), and /zcommand's
 * settings events. (An upload fetched at its `uri` with an API key: uploads.e2e.test.ts.)
 */
import request from 'supertest';
import { ApiClient, waitFor } from '@chat/testing';
import { describeBothTopologies } from './topologies';

type Target = Parameters<typeof request>[0];
type Event = Record<string, unknown> & { type: string };

const login = (target: Target, email: string) => new ApiClient(target).loginAs(email);

async function eventsUntil(client: ApiClient, queueId: string, found: (events: Event[]) => boolean): Promise<Event[]> {
  let events: Event[] = [];
  await waitFor(async () => {
    events = (await client.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true })).body.events ?? [];
    return found(events);
  }, 10_000);
  return events;
}

describeBothTopologies('widgets, default stream groups and zcommands', (env) => {
  it('delivers a submessage to the message recipients and shows it in the message', async () => {
    const { target } = env();
    const hamlet = await login(target, 'hamlet@zulip.com');
    const othello = await login(target, 'othello@zulip.com');
    const [hamletId, othelloId] = [
      (await hamlet.get('/users/me')).body.user_id as number,
      (await othello.get('/users/me')).body.user_id as number,
    ];
    const queue = await othello.post('/register', { event_types: ['message', 'submessage', 'reaction'] });
    const sent = await hamlet.post('/messages', { type: 'stream', to: 'Denmark', topic: 'poll', content: '/poll Which castle?' });
    const content = JSON.stringify({ type: 'new_option', idx: 1, option: 'Elsinore' });
    expect((await hamlet.post('/submessage', { message_id: sent.body.id, msg_type: 'widget', content })).body).toEqual({
      result: 'success',
      msg: '',
    });
    expect((await othello.put(`/messages/${sent.body.id}/emoji_reactions/heart`)).body).toEqual({ result: 'success', msg: '' });

    const events = await eventsUntil(othello, queue.body.queue_id, (e) => e.some((x) => x.type === 'reaction'));
    const submessage = events.find((e) => e.type === 'submessage')!;
    expect(submessage).toMatchObject({ message_id: sent.body.id, sender_id: hamletId, msg_type: 'widget', content });
    // The poll's own widget submessage came with the message; the new option after it.
    const widget = {
      id: expect.any(Number),
      message_id: sent.body.id,
      sender_id: hamletId,
      msg_type: 'widget',
      content: expect.stringContaining('"widget_type": "poll"'),
    };
    expect((events.find((e) => e.type === 'message')!.message as { submessages: unknown[] }).submessages).toEqual([widget]);
    const fetched = await othello.get('/messages', { anchor: sent.body.id, num_before: 0, num_after: 0 });
    expect(fetched.body.messages[0].submessages).toEqual([
      widget,
      { id: submessage.submessage_id, message_id: sent.body.id, sender_id: hamletId, msg_type: 'widget', content },
    ]);
    expect(fetched.body.messages[0].reactions).toEqual([expect.objectContaining({ emoji_name: 'heart', user_id: othelloId })]);
  });

  it('announces default stream groups and shows the current ones in /register', async () => {
    const { target } = env();
    const iago = await login(target, 'iago@zulip.com');
    const hamlet = await login(target, 'hamlet@zulip.com');
    const before = await hamlet.post('/register', { event_types: ['default_stream_groups'] });
    expect(before.body.realm_default_stream_groups).toEqual([]);
    const created = await iago.post('/default_stream_groups/create', {
      group_name: 'Castles',
      description: 'Stone',
      stream_names: ['Denmark'],
    });
    expect(created.body).toEqual({ result: 'success', msg: '' });

    const events = await eventsUntil(hamlet, before.body.queue_id, (e) => e.some((x) => x.type === 'default_stream_groups'));
    const [group] = events.find((e) => e.type === 'default_stream_groups')!.default_stream_groups as {
      id: number;
      name: string;
      streams: { name: string }[];
    }[];
    expect(group).toMatchObject({ name: 'Castles', description: 'Stone', streams: [expect.objectContaining({ name: 'Denmark' })] });
    const after = await hamlet.post('/register', { event_types: ['default_stream_groups'] });
    expect(after.body.realm_default_stream_groups).toEqual([group]);

    await iago.delete(`/default_stream_groups/${group!.id}`);
    await waitFor(
      async () =>
        (await hamlet.post('/register', { event_types: ['default_stream_groups'] })).body.realm_default_stream_groups.length === 0,
      10_000,
    );
  });

  it("changes display settings by /zcommand, with the settings' events", async () => {
    const { target } = env();
    const cordelia = await login(target, 'cordelia@zulip.com');
    const queue = await cordelia.post('/register', { event_types: ['update_display_settings'] });
    expect((await cordelia.post('/zcommand', { command: '/fluid-width' })).body.msg).toBe(
      'Changed to fluid-width mode! To revert fluid-width mode, type `/fixed-width`.',
    );
    const events = await eventsUntil(cordelia, queue.body.queue_id, (e) => e.length > 0);
    expect(events).toEqual([
      expect.objectContaining({ type: 'update_display_settings', setting_name: 'fluid_layout_width', setting: true }),
    ]);
  });
});

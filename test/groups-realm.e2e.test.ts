/**
 * User groups, alert words, @*group* mentions and realm administration through the gateway, in
 * both topologies: each endpoint answers as Zulip 2.1 does and its event reaches the queues it
 * should.
 */
import { ApiClient, waitFor } from '@chat/testing';
import { describeBothTopologies, type TopologyEnv } from './topologies';

type Event = Record<string, unknown> & { id: number; type: string };

describeBothTopologies('user groups, alert words and realm administration', (env: () => TopologyEnv) => {
  let hamlet: ApiClient;
  let othello: ApiClient;
  let iago: ApiClient;
  let polonius: ApiClient;
  let othelloQueue: string;
  let hamletQueue: string;
  let ids: Record<string, number>;

  /** Waits until the queue holds an event matching `match`, and returns it. */
  async function eventOn(client: ApiClient, queueId: string, match: (e: Event) => boolean): Promise<Event> {
    let found: Event | undefined;
    await waitFor(async () => {
      const res = await client.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true });
      found = (res.body.events as Event[]).find(match);
      return found !== undefined;
    });
    return found!;
  }

  beforeAll(async () => {
    hamlet = await new ApiClient(env().target).loginAs('hamlet@zulip.com');
    othello = await new ApiClient(env().target).loginAs('othello@zulip.com');
    iago = await new ApiClient(env().target).loginAs('iago@zulip.com');
    polonius = await new ApiClient(env().target).loginAs('polonius@zulip.com');
    const members = (await hamlet.get('/users')).body.members as { email: string; user_id: number }[];
    ids = Object.fromEntries(members.map((m) => [m.email.split('@')[0]!.toLowerCase(), m.user_id]));
    othelloQueue = (await othello.post('/register', { event_types: ['user_group', 'realm'] })).body.queue_id;
    hamletQueue = (await hamlet.post('/register', { event_types: ['alert_words', 'message'], apply_markdown: true })).body.queue_id;
  });

  it('lists, creates, edits, changes members of and deletes a group; another user sees each event', async () => {
    const list = await hamlet.get('/user_groups');
    expect(list.body.user_groups).toContainEqual({
      id: expect.any(Number),
      name: 'hamletcharacters',
      description: 'Characters of Hamlet',
      members: [ids.cordelia, ids.hamlet].sort((a, b) => a! - b!),
      direct_subgroup_ids: [],
      is_system_group: false,
    });
    // The system groups of feature level 93 come first; nobody edits them.
    const administrators = (list.body.user_groups as { id: number; name: string; members: number[] }[]).find(
      (g) => g.name === 'role:administrators',
    )!;
    expect(administrators.members).toContain(ids.iago);
    expect((await hamlet.patch(`/user_groups/${administrators.id}`, { description: 'mine' })).body).toMatchObject({
      result: 'error',
      msg: 'Insufficient permission',
    });

    expect(
      (await hamlet.post('/user_groups/create', { name: 'marketing', description: 'The marketing team', members: [ids.hamlet, ids.aaron] }))
        .body,
    ).toEqual({
      result: 'success',
      msg: '',
    });
    const added = await eventOn(othello, othelloQueue, (e) => e.type === 'user_group' && e.op === 'add');
    const group = added.group as { id: number; name: string; members: number[] };
    expect(group).toEqual({
      id: expect.any(Number),
      name: 'marketing',
      description: 'The marketing team',
      members: [ids.hamlet, ids.aaron].sort((a, b) => a! - b!),
      direct_subgroup_ids: [],
      is_system_group: false,
    });
    expect((await hamlet.post('/user_groups/create', { name: 'marketing', description: 'again', members: [] })).body).toEqual({
      result: 'error',
      msg: "User group 'marketing' already exists.",
      code: 'BAD_REQUEST',
    });
    expect((await polonius.post('/user_groups/create', { name: 'spies', description: 'x', members: [] })).body).toEqual({
      result: 'error',
      msg: 'Not allowed for guest users',
      code: 'BAD_REQUEST',
    });

    expect((await hamlet.patch(`/user_groups/${group.id}`, { description: 'Marketing' })).body).toEqual({ result: 'success', msg: '' });
    expect(await eventOn(othello, othelloQueue, (e) => e.type === 'user_group' && e.op === 'update')).toMatchObject({
      group_id: group.id,
      data: { description: 'Marketing' },
    });
    expect((await othello.patch(`/user_groups/${group.id}`, { name: 'x' })).body.msg).toBe(
      'Only group members and organization administrators can administer this group.',
    );

    expect((await hamlet.post(`/user_groups/${group.id}/members`, { add: [ids.othello], delete: [ids.aaron] })).body).toEqual({
      result: 'success',
      msg: '',
    });
    expect(await eventOn(othello, othelloQueue, (e) => e.type === 'user_group' && e.op === 'add_members')).toMatchObject({
      group_id: group.id,
      user_ids: [ids.othello],
    });
    expect(await eventOn(othello, othelloQueue, (e) => e.type === 'user_group' && e.op === 'remove_members')).toMatchObject({
      group_id: group.id,
      user_ids: [ids.aaron],
    });

    expect((await hamlet.delete(`/user_groups/${group.id}`)).body).toEqual({ result: 'success', msg: '' });
    expect(await eventOn(othello, othelloQueue, (e) => e.type === 'user_group' && e.op === 'remove')).toMatchObject({ group_id: group.id });
    expect((await hamlet.delete(`/user_groups/${group.id}`)).body).toEqual({
      result: 'error',
      msg: 'Invalid user group',
      code: 'BAD_REQUEST',
    });
  });

  it('keeps alert words (event to the user) and flags messages with them and with @*group* mentions', async () => {
    expect((await hamlet.get('/users/me/alert_words')).body).toEqual({ result: 'success', msg: '', alert_words: [] });
    expect((await hamlet.post('/users/me/alert_words', { alert_words: ['foo', 'Elsinore'] })).body).toEqual({
      result: 'success',
      msg: '',
      alert_words: ['foo', 'Elsinore'],
    });
    expect((await hamlet.delete('/users/me/alert_words', { alert_words: ['foo'] })).body).toEqual({
      result: 'success',
      msg: '',
      alert_words: ['Elsinore'],
    });
    expect(await eventOn(hamlet, hamletQueue, (e) => e.type === 'alert_words' && (e.alert_words as string[]).length === 1)).toMatchObject({
      alert_words: ['Elsinore'],
    });

    const sent = await iago.post('/messages', {
      type: 'stream',
      to: 'Verona',
      topic: 'castle',
      content: 'Back to elsinore, @*hamletcharacters*!',
    });
    expect(sent.body.result).toBe('success');
    const message = await eventOn(hamlet, hamletQueue, (e) => e.type === 'message' && (e.message as { id: number }).id === sent.body.id);
    expect(message.flags).toEqual(expect.arrayContaining(['has_alert_word', 'mentioned']));
    expect((message.message as { content: string }).content).toContain('<span class="user-group-mention" data-user-group-id="');
  });

  it('creates a custom profile field, sets a value; both events reach another queue and profile_data shows it', async () => {
    const queue = (await othello.post('/register', { event_types: ['custom_profile_fields', 'realm_user'] })).body;
    expect(queue.custom_profile_field_types.SHORT_TEXT).toEqual({ id: 1, name: 'Short text' });
    const created = await iago.post('/realm/profile_fields', { name: `Phone ${env().name}`, field_type: '1' });
    expect(created.body).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    const fieldId = created.body.id as number;
    expect(await eventOn(othello, queue.queue_id, (e) => e.type === 'custom_profile_fields')).toMatchObject({
      op: 'add',
      fields: expect.arrayContaining([expect.objectContaining({ id: fieldId, type: 1 })]),
    });
    expect((await hamlet.post('/realm/profile_fields', { name: 'Nope', field_type: '1' })).body.msg).toBe(
      'Must be an organization administrator',
    );
    expect((await hamlet.get('/realm/profile_fields')).body.custom_fields).toContainEqual(expect.objectContaining({ id: fieldId }));

    expect((await hamlet.patch('/users/me/profile_data', { data: [{ id: fieldId, value: '555-1234' }] })).body).toEqual({
      result: 'success',
      msg: '',
    });
    expect(await eventOn(othello, queue.queue_id, (e) => e.type === 'realm_user' && e.op === 'update')).toMatchObject({
      person: { user_id: ids.hamlet, custom_profile_field: { id: fieldId, value: '555-1234' } },
    });
    expect((await hamlet.get('/users/me')).body.profile_data).toEqual({ [String(fieldId)]: { value: '555-1234' } });
    expect((await hamlet.patch('/users/me/profile_data', { data: [{ id: 99999, value: 'x' }] })).body).toEqual({
      result: 'error',
      msg: 'Field id 99999 not found.',
      code: 'BAD_REQUEST',
    });
    expect((await iago.delete(`/realm/profile_fields/${fieldId}`)).body).toEqual({ result: 'success', msg: '' });
    expect((await hamlet.get('/users/me')).body.profile_data).toEqual({});
  });

  it('lets administrators change the realm; everyone gets realm events', async () => {
    expect((await hamlet.patch('/realm', { name: 'Elsinore' })).body).toEqual({
      result: 'error',
      msg: 'Must be an organization administrator',
      code: 'UNAUTHORIZED_PRINCIPAL',
    });
    expect((await iago.patch('/realm', { description: 'A castle in Denmark', invite_required: false })).body).toEqual({
      result: 'success',
      msg: '',
      description: 'updated',
      invite_required: false,
    });
    expect(await eventOn(othello, othelloQueue, (e) => e.type === 'realm' && e.property === 'description')).toMatchObject({
      op: 'update',
      value: 'A castle in Denmark',
    });
    expect((await iago.patch('/realm', { allow_message_editing: false })).body).toMatchObject({ allow_message_editing: false });
    expect(await eventOn(othello, othelloQueue, (e) => e.type === 'realm' && e.op === 'update_dict')).toMatchObject({
      property: 'default',
      data: { allow_message_editing: false, message_content_edit_limit_seconds: 600, allow_community_topic_editing: true },
    });
    const state = await othello.post('/register', { event_types: ['realm'] });
    expect(state.body).toMatchObject({
      realm_description: 'A castle in Denmark',
      realm_invite_required: false,
      realm_allow_message_editing: false,
    });
    expect((await iago.patch('/realm', { description: 'The Zulip development environment default organization.' })).body.result).toBe(
      'success',
    );
  });
});

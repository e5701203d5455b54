import { applyEvent, isTopicMuted } from '../src/lib/state';
import { addedPerson, streamDict, subscriptionDict } from './fixtures';
import { initial } from './state-setup';

describe('subscription', () => {
  test('add, update (mute both ways, color, pin, notifications), remove', () => {
    let state = initial();
    state = applyEvent(state, {
      type: 'subscription',
      op: 'add',
      id: 0,
      subscriptions: [subscriptionDict(3, 'Rome', { description: 'd', color: '#123456' })],
    });
    expect(state.subs[3]?.color).toBe('#123456');
    state = applyEvent(state, {
      type: 'subscription',
      op: 'update',
      stream_id: 3,
      property: 'in_home_view',
      value: false,
      name: 'Rome',
      email: '',
    });
    expect(state.subs[3]?.is_muted).toBe(true);
    state = applyEvent(state, {
      type: 'subscription',
      op: 'update',
      stream_id: 3,
      property: 'is_muted',
      value: false,
      name: 'Rome',
      email: '',
    });
    expect(state.subs[3]?.is_muted).toBe(false);
    state = applyEvent(state, {
      type: 'subscription',
      op: 'update',
      stream_id: 3,
      property: 'color',
      value: '#000000',
      name: 'Rome',
      email: '',
    });
    state = applyEvent(state, {
      type: 'subscription',
      op: 'update',
      stream_id: 3,
      property: 'pin_to_top',
      value: true,
      name: 'Rome',
      email: '',
    });
    state = applyEvent(state, {
      type: 'subscription',
      op: 'update',
      stream_id: 3,
      property: 'desktop_notifications',
      value: true,
      name: 'Rome',
      email: '',
    });
    expect(state.subs[3]).toMatchObject({ color: '#000000', pin_to_top: true, desktop_notifications: true });
    state = applyEvent(state, { type: 'subscription', op: 'remove', subscriptions: [{ stream_id: 3, name: 'Rome' }] });
    expect(state.subs[3]).toBeUndefined();
    expect(state.streams[3]).toBeDefined();
  });

  test('peer events change nothing here', () => {
    const state = initial();
    expect(applyEvent(state, { type: 'subscription', op: 'peer_add', stream_ids: [1], user_ids: [7] })).toBe(state);
  });
});

describe('stream', () => {
  test('create, update name and description, delete', () => {
    let state = initial();
    state = applyEvent(state, {
      type: 'stream',
      op: 'create',
      id: 0,
      streams: [streamDict(9, 'New', { invite_only: true })],
    });
    expect(state.streams[9]?.invite_only).toBe(true);
    state = applyEvent(state, { type: 'stream', op: 'update', stream_id: 1, property: 'name', value: 'Danmark', name: 'Denmark' });
    expect(state.streams[1]?.name).toBe('Danmark');
    expect(state.subs[1]?.name).toBe('Danmark');
    state = applyEvent(state, { type: 'stream', op: 'update', stream_id: 1, property: 'description', value: 'Hi', name: 'Danmark' });
    expect(state.subs[1]?.description).toBe('Hi');
    state = applyEvent(state, { type: 'stream', id: 0, op: 'delete', streams: [streamDict(1, 'Danmark')], stream_ids: [1] });
    expect(state.streams[1]).toBeUndefined();
    expect(state.subs[1]).toBeUndefined();
  });
});

describe('realm_user', () => {
  test('add, update, remove', () => {
    let state = initial();
    state = applyEvent(state, {
      type: 'realm_user',
      op: 'add',
      id: 0,
      person: addedPerson(20, 'new@x', 'New'),
    });
    expect(state.users[20]?.full_name).toBe('New');
    state = applyEvent(state, { type: 'realm_user', op: 'update', person: { user_id: 20, full_name: 'Renamed' } });
    expect(state.users[20]).toMatchObject({ full_name: 'Renamed', email: 'new@x' });
    state = applyEvent(state, { type: 'realm_user', op: 'update', person: { user_id: 20, avatar_url: '/b' } });
    expect(state.users[20]?.avatar_url).toBe('/b');
    state = applyEvent(state, { type: 'realm_user', op: 'remove', person: { user_id: 20, email: 'new@x', full_name: 'Renamed' } });
    expect(state.users[20]?.is_active).toBe(false);
  });
});

describe('realm', () => {
  test("the realm's icon from /register, then from its update_dict event", () => {
    let state = initial();
    expect(state.realmIconUrl).toBe('/user_avatars/2/realm/icon-3.png?version=3');
    state = applyEvent(state, {
      type: 'realm',
      op: 'update_dict',
      id: 0,
      property: 'icon',
      data: { icon_url: '/user_avatars/2/realm/icon-4.png?version=4', icon_source: 'U' },
    });
    expect(state.realmIconUrl).toBe('/user_avatars/2/realm/icon-4.png?version=4');
    state = applyEvent(state, { type: 'realm', op: 'update_dict', id: 0, property: 'logo', data: { logo_url: '/l', logo_source: 'U' } });
    expect(state.realmIconUrl).toBe('/user_avatars/2/realm/icon-4.png?version=4');
  });
});

describe('typing', () => {
  test('start and stop, private and stream, expiring', () => {
    let state = initial();
    state = applyEvent(
      state,
      {
        type: 'typing',
        op: 'start',
        message_type: 'direct',
        sender: { user_id: 5, email: 'i' },
        recipients: [
          { user_id: 5, email: 'i' },
          { user_id: 10, email: 'h' },
        ],
      },
      1000,
    );
    expect(state.typing).toEqual([{ sender_id: 5, conversation: 'pm:5', expires: 16000 }]);
    state = applyEvent(
      state,
      { type: 'typing', op: 'start', message_type: 'stream', sender: { user_id: 7, email: 'o' }, stream_id: 1, topic: 'Castle' },
      2000,
    );
    expect(state.typing[1]).toEqual({ sender_id: 7, conversation: 'stream:1:castle', expires: 17000 });
    state = applyEvent(
      state,
      {
        type: 'typing',
        op: 'stop',
        message_type: 'direct',
        sender: { user_id: 5, email: 'i' },
        recipients: [
          { user_id: 5, email: 'i' },
          { user_id: 10, email: 'h' },
        ],
      },
      3000,
    );
    expect(state.typing.map((t) => t.sender_id)).toEqual([7]);
    const later = applyEvent(
      state,
      { type: 'typing', op: 'stop', message_type: 'direct', sender: { user_id: 9, email: 'x' }, recipients: [{ user_id: 10, email: 'h' }] },
      20000,
    );
    expect(later.typing).toEqual([]);
    expect(
      applyEvent(state, { type: 'typing', op: 'start', message_type: 'direct', sender: { user_id: 10, email: 'h' }, recipients: [] }),
    ).toBe(state);
  });
});

describe('presence, user_topic, muted_topics, user_settings, heartbeat', () => {
  test('presence keeps the newest active and idle times', () => {
    const state = applyEvent(initial(), {
      type: 'presence',
      user_id: 7,
      email: 'o',
      server_timestamp: 1,
      presence: { website: { client: 'website', status: 'active', timestamp: 2000, pushable: false } },
    });
    expect(state.presence[7]).toEqual({ active_timestamp: 2000, idle_timestamp: 2000 });
    const idle = applyEvent(state, {
      type: 'presence',
      user_id: 7,
      email: 'o',
      server_timestamp: 1,
      presence: { website: { client: 'website', status: 'idle', timestamp: 3000, pushable: false } },
    });
    expect(idle.presence[7]).toEqual({ active_timestamp: 2000, idle_timestamp: 3000 });
  });

  test('user_topic sets and clears a policy', () => {
    let state = applyEvent(initial(), { type: 'user_topic', stream_id: 1, topic_name: 'Castle', last_updated: 1, visibility_policy: 1 });
    expect(isTopicMuted(state, 1, 'castle')).toBe(true);
    state = applyEvent(state, { type: 'user_topic', stream_id: 1, topic_name: 'Castle', last_updated: 2, visibility_policy: 0 });
    expect(isTopicMuted(state, 1, 'castle')).toBe(false);
  });

  test('muted_topics replaces the muted set', () => {
    const state = applyEvent(initial(), { type: 'muted_topics', muted_topics: [['Denmark', 'Castle', 1]] });
    expect(isTopicMuted(state, 1, 'Castle')).toBe(true);
    expect(isTopicMuted(state, 1, 'muted topic')).toBe(false);
    expect(state.userTopics['2:followed']).toBe(3);
  });

  test('user_settings update', () => {
    expect(
      applyEvent(initial(), { type: 'user_settings', op: 'update', property: 'enable_stream_desktop_notifications', value: true }).settings
        .enable_stream_desktop_notifications,
    ).toBe(true);
  });

  test('heartbeat and events the client does not use leave the state as it is', () => {
    const state = initial();
    expect(applyEvent(state, { type: 'heartbeat', id: 3 })).toBe(state);
    expect(applyEvent(state, { type: 'alert_words', id: 4, alert_words: ['ghost'] })).toBe(state);
  });
});

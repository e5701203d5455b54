import { applyEvent, markReadLocally, mergeFetched, stateFromRegister } from '../src/lib/state';
import { flagsEvent, privateMessage, register, SELF, streamMessage, updateMessageEvent } from './fixtures';
import { initial, withView } from './state-setup';

describe('stateFromRegister', () => {
  test('reads users, streams, subscriptions, unreads, topics, presence, settings', () => {
    const state = initial();
    expect(state.selfId).toBe(10);
    expect(state.realmName).toBe('Zulip Dev');
    expect(Object.keys(state.users)).toHaveLength(3);
    expect(state.subs[2]?.is_muted).toBe(true);
    expect(state.streams[3]?.name).toBe('Rome');
    expect(state.unread[90]).toEqual({ kind: 'private', key: '5', mentioned: false });
    expect(state.unread[92]).toEqual({ kind: 'private', key: '5,7', mentioned: true });
    expect(state.unread[81]).toEqual({ kind: 'stream', stream_id: 1, topic: 'Castle', mentioned: true });
    expect(state.userTopics['1:muted topic']).toBe(1);
    expect(state.presence[5]).toEqual({ active_timestamp: 1000, idle_timestamp: 1000 });
    expect(state.recentPrivate.map((r) => r.key)).toEqual(['5', '5,7']);
    expect(state.maxMessageId).toBe(100);
  });

  test('a re-register keeps the loaded messages and view', () => {
    const before = withView();
    const after = stateFromRegister(register(), SELF, before);
    expect(after.view).toBe(before.view);
    expect(after.messages).toBe(before.messages);
  });

  test('muted_topics (the older form) by stream name', () => {
    const raw = { ...register(), user_topics: undefined, muted_topics: [['Denmark', 'Old', 0]] };
    expect(stateFromRegister(raw, SELF).userTopics).toEqual({ '1:old': 1 });
  });
});

describe('message', () => {
  test('appends to a matching narrow, counts it unread, leaves other narrows alone', () => {
    const state = withView();
    const next = applyEvent(state, { type: 'message', id: 0, message: streamMessage(101), flags: [] });
    expect(next.view.ids).toEqual([1, 2, 3, 101]);
    expect(next.unread[101]).toEqual({ kind: 'stream', stream_id: 1, topic: 'Castle', mentioned: false });
    expect(next.maxMessageId).toBe(101);
    const elsewhere = applyEvent(state, {
      type: 'message',
      id: 0,
      message: streamMessage(102, { stream_id: 3, display_recipient: 'Rome' }),
      flags: [],
    });
    expect(elsewhere.view.ids).toEqual([1, 2, 3]);
    expect(elsewhere.messages[102]).toBeDefined();
  });

  test('own and read messages are not unread; a mention is', () => {
    const state = withView();
    expect(
      applyEvent(state, { type: 'message', id: 0, message: streamMessage(103, { sender_id: 10 }), flags: ['read'] }).unread[103],
    ).toBeUndefined();
    expect(applyEvent(state, { type: 'message', id: 0, message: streamMessage(104), flags: ['mentioned'] }).unread[104]?.mentioned).toBe(
      true,
    );
  });

  test('not appended while the newest messages are not loaded', () => {
    const state = withView();
    const notNewest = { ...state, view: { ...state.view, foundNewest: false } };
    expect(applyEvent(notNewest, { type: 'message', id: 0, message: streamMessage(105), flags: [] }).view.ids).toEqual([1, 2, 3]);
  });

  test('a message that arrives while the narrow loads is in the view once the fetch lands', () => {
    const state = initial();
    const narrow = [{ operator: 'stream', operand: '1' }];
    const loading = { ...state, view: { narrow, ids: [], foundOldest: false, foundNewest: false } };
    // The event comes first; the fetch read the history before that message was sent.
    const arrived = applyEvent(loading, { type: 'message', id: 0, message: streamMessage(4), flags: [] });
    expect(arrived.view.ids).toEqual([]);
    const loaded = mergeFetched(arrived, narrow, [streamMessage(1), streamMessage(2)], { foundNewest: true, replace: true });
    expect(loaded.view.ids).toEqual([1, 2, 4]);
    // Not when the fetch did not reach the newest: the gap between them is unknown.
    expect(mergeFetched(arrived, narrow, [streamMessage(1), streamMessage(2)], { foundNewest: false, replace: true }).view.ids).toEqual([
      1, 2,
    ]);
  });

  test('a duplicate (after a reconnect) is kept once', () => {
    const state = withView();
    const once = applyEvent(state, { type: 'message', id: 0, message: streamMessage(3), flags: [] });
    expect(once.view.ids).toEqual([1, 2, 3]);
    const merged = mergeFetched(once, once.view.narrow, [streamMessage(2), streamMessage(3), streamMessage(4)], { foundNewest: true });
    expect(merged.view.ids).toEqual([1, 2, 3, 4]);
  });

  test('a private message moves its conversation to the top', () => {
    const state = initial();
    const next = applyEvent(state, { type: 'message', id: 0, message: privateMessage(200, 7, [7, 10]), flags: [] });
    expect(next.recentPrivate[0]).toEqual({ key: '7', user_ids: [7], max_message_id: 200 });
    expect(next.unread[200]).toEqual({ kind: 'private', key: '7', mentioned: false });
  });
});

describe('update_message', () => {
  test('content edit sets the content and the edited time', () => {
    const state = withView();
    const next = applyEvent(
      state,
      updateMessageEvent([2], {
        orig_content: 'old',
        orig_rendered_content: '<p>old</p>',
        content: 'new',
        rendered_content: '<p>new</p>',
        prev_rendered_content_version: 1,
        is_me_message: false,
      }),
    );
    expect(next.messages[2]?.content).toBe('<p>new</p>');
    expect(next.messages[2]?.last_edit_timestamp).toBe(1700001000);
    expect(next.messages[1]).toBe(state.messages[1]);
  });

  test('a rendering-only update is not an edit', () => {
    const next = applyEvent(withView(), updateMessageEvent([2], { rendering_only: true, rendered_content: '<p>x</p>' }));
    expect(next.messages[2]?.last_edit_timestamp).toBeUndefined();
  });

  test('a topic move renames the messages and their unread entries, and leaves a topic narrow', () => {
    let state = initial();
    const narrow = [
      { operator: 'stream', operand: '1' },
      { operator: 'topic', operand: 'Castle' },
    ];
    state = mergeFetched(
      { ...state, view: { narrow, ids: [], foundOldest: true, foundNewest: true } },
      narrow,
      [streamMessage(80), streamMessage(81)],
      { foundNewest: true },
    );
    const next = applyEvent(
      state,
      updateMessageEvent([80, 81], {
        subject: 'Moat',
        orig_subject: 'Castle',
        propagate_mode: 'change_all',
        stream_id: 1,
        subject_links: [],
      }),
    );
    expect(next.messages[81]?.subject).toBe('Moat');
    expect(next.unread[81]).toMatchObject({ topic: 'Moat' });
    expect(next.view.ids).toEqual([]);
  });
});

test('a move to another stream (new_stream_id) carries the messages and their unread entries there, out of the narrow', () => {
  const state = withView();
  const moved = { stream_id: 1, stream_name: 'Denmark', new_stream_id: 2, orig_subject: 'Castle', propagate_mode: 'change_later' };
  // 80 is unread (from /register) but not loaded.
  const next = applyEvent(state, updateMessageEvent([2, 3, 80], moved));
  expect(next.messages[3]).toMatchObject({ stream_id: 2, display_recipient: 'Verona', subject: 'Castle', last_edit_timestamp: 1700001000 });
  expect(next.unread[80]).toMatchObject({ kind: 'stream', stream_id: 2, topic: 'Castle' });
  expect(next.messages[1]).toBe(state.messages[1]);
  expect(next.view.ids).toEqual([1]);
});

describe('delete_message', () => {
  test('one message_id (older form)', () => {
    const next = applyEvent(withView(), {
      type: 'delete_message',
      id: 0,
      sender: 'iago@zulip.com',
      sender_id: 5,
      message_id: 2,
      message_type: 'stream',
      stream_id: 1,
      topic: 'Castle',
    });
    expect(next.view.ids).toEqual([1, 3]);
    expect(next.messages[2]).toBeUndefined();
  });

  test('message_ids (bulk), also from the unreads', () => {
    const next = applyEvent(withView(), {
      type: 'delete_message',
      id: 0,
      message_ids: [1, 3, 80],
      message_type: 'stream',
      stream_id: 1,
      topic: 'Castle',
    });
    expect(next.view.ids).toEqual([2]);
    expect(next.unread[80]).toBeUndefined();
  });
});

describe('reaction', () => {
  test('add then remove', () => {
    const state = withView();
    const reaction = {
      type: 'reaction' as const,
      id: 0,
      message_id: 2,
      user_id: 10,
      user: { user_id: 10, email: 'h', full_name: 'H' },
      emoji_name: 'smile',
      emoji_code: '1f604',
      reaction_type: 'unicode_emoji' as const,
    };
    const added = applyEvent(state, { ...reaction, op: 'add' });
    expect(added.messages[2]?.reactions).toEqual([
      { emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'unicode_emoji', user_id: 10 },
    ]);
    expect(applyEvent(added, { ...reaction, op: 'add' }).messages[2]?.reactions).toHaveLength(1);
    expect(applyEvent(added, { ...reaction, op: 'remove' }).messages[2]?.reactions).toEqual([]);
  });
});

describe('update_message_flags', () => {
  test('read add and remove', () => {
    const state = initial();
    const read = applyEvent(state, flagsEvent('add', 'read', [80, 90]));
    expect(read.unread[80]).toBeUndefined();
    expect(read.unread[90]).toBeUndefined();
    expect(read.unread[81]).toBeDefined();
    const unread = applyEvent(
      read,
      flagsEvent('remove', 'read', [80], { message_details: { '80': { type: 'stream', stream_id: 1, topic: 'Castle' } } }),
    );
    expect(unread.unread[80]).toEqual({ kind: 'stream', stream_id: 1, topic: 'Castle', mentioned: false });
  });

  test('read with all', () => {
    expect(applyEvent(initial(), flagsEvent('add', 'read', [], { all: true })).unread).toEqual({});
  });

  test('starred; unstarring in the starred view removes the message', () => {
    const state = withView();
    const starred = applyEvent(state, flagsEvent('add', 'starred', [2]));
    expect(starred.messages[2]?.flags).toContain('starred');
    const inStarred = { ...starred, view: { ...starred.view, narrow: [{ operator: 'is', operand: 'starred' }], ids: [2] } };
    const unstarred = applyEvent(inStarred, flagsEvent('remove', 'starred', [2]));
    expect(unstarred.messages[2]?.flags).not.toContain('starred');
    expect(unstarred.view.ids).toEqual([]);
  });

  test('markReadLocally', () => {
    expect(markReadLocally(initial(), [81]).unread[81]).toBeUndefined();
  });
});

import { applyEvent, stateFromRegister } from '../src/lib/state';
import { unreadCounts } from '../src/lib/unread';
import { flagsEvent, register, SELF } from './fixtures';

describe('unreadCounts', () => {
  test('by stream, topic and conversation, leaving out muted streams and topics as Zulip does', () => {
    const counts = unreadCounts(stateFromRegister(register(), SELF));
    // Denmark: Castle (3) counts, "muted topic" (1) is muted.
    expect(counts.streams[1]).toBe(3);
    // Verona is muted: only its followed topic counts.
    expect(counts.streams[2]).toBe(1);
    expect(counts.topics[1]).toEqual({ Castle: 3, 'muted topic': 1 });
    expect(counts.topics[2]).toEqual({ Balcony: 2, followed: 1 });
    expect(counts.private).toEqual({ '5': 2, '5,7': 1 });
    expect(counts.privateTotal).toBe(3);
    expect(counts.mentions).toBe(2);
    // All messages: 3 private + 3 Denmark + 1 followed Verona topic.
    expect(counts.home).toBe(7);
  });

  test('follows muting and reading', () => {
    let state = stateFromRegister(register(), SELF);
    state = applyEvent(state, {
      type: 'subscription',
      op: 'update',
      stream_id: 2,
      property: 'is_muted',
      value: false,
      name: 'Verona',
      email: '',
    });
    expect(unreadCounts(state).streams[2]).toBe(3);
    state = applyEvent(state, { type: 'user_topic', stream_id: 1, topic_name: 'Castle', last_updated: 1, visibility_policy: 1 });
    expect(unreadCounts(state).streams[1]).toBeUndefined();
    state = applyEvent(state, flagsEvent('add', 'read', [90, 91, 92]));
    const counts = unreadCounts(state);
    expect(counts.privateTotal).toBe(0);
    expect(counts.private).toEqual({});
    expect(counts.mentions).toBe(1);
    expect(counts.home).toBe(3);
  });

  test('topic names group case-insensitively', () => {
    let state = stateFromRegister(
      {
        ...register(),
        unread_msgs: {
          pms: [],
          huddles: [],
          mentions: [],
          streams: [
            { stream_id: 1, topic: 'Lunch', unread_message_ids: [1] },
            { stream_id: 1, topic: 'lunch', unread_message_ids: [2] },
          ],
        },
      },
      SELF,
    );
    expect(unreadCounts(state).topics[1]).toEqual({ Lunch: 2 });
    state = applyEvent(state, flagsEvent('add', 'read', [1, 2]));
    expect(unreadCounts(state).streams).toEqual({});
  });
});

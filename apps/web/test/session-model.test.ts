import { isBadQueueAnswer, lastEventIdAfter, notificationFor, REGISTER_PARAMS, retryDelayMs } from '../src/features/session/session-model';
import { stateFromRegister, toMessage } from '../src/lib/state';
import type { AppState, MessageFlag } from '../src/lib/types';
import { privateMessage, register, SELF, streamMessage } from './fixtures';

const state: AppState = stateFromRegister(register(), SELF);
const elsewhere: AppState = { ...state, view: { ...state.view, narrow: [{ operator: 'is', operand: 'starred' }] } };

describe('the session model', () => {
  test('registers for the events it applies and the recent private conversations', () => {
    expect(REGISTER_PARAMS.event_types).toContain('message');
    expect(REGISTER_PARAMS.fetch_event_types).toContain('recent_private_conversations');
  });

  test('knows a lost queue by its code or message', () => {
    expect(isBadQueueAnswer('BAD_EVENT_QUEUE_ID', '')).toBe(true);
    expect(isBadQueueAnswer(undefined, 'Bad event queue id: 12')).toBe(true);
    expect(isBadQueueAnswer('BAD_REQUEST', 'Invalid narrow')).toBe(false);
  });

  test('waits longer after each failure, at most 5 s', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelayMs)).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
  });

  test('moves the last event id to the newest event', () => {
    expect(lastEventIdAfter(4, [{ id: 7 }, { id: 5 }])).toBe(7);
    expect(lastEventIdAfter(4, [])).toBe(4);
  });
});

describe('desktop notifications', () => {
  const pm = (flags: MessageFlag[] = []) => toMessage(privateMessage(50, 5, [5, 10]), flags);
  test('a private message from someone else, not in view: notified with the sender as title', () => {
    expect(notificationFor(pm(), state, elsewhere, false)).toEqual({ title: pm().sender_full_name, tag: '50' });
  });
  test("not for a read message, one's own, or a stream message without mention or stream setting", () => {
    expect(notificationFor(pm(['read']), state, elsewhere, false)).toBeNull();
    const own = { ...pm(), sender_id: SELF.user_id };
    expect(notificationFor(own, state, elsewhere, false)).toBeNull();
    expect(notificationFor(toMessage(streamMessage(51)), state, elsewhere, true)).toBeNull();
  });
  test('a mention in a stream: titled with stream and topic, even in a muted topic', () => {
    const message = toMessage(streamMessage(52), ['mentioned']);
    const muted = {
      ...state,
      userTopics: { [`${message.type === 'stream' ? message.stream_id : 0}:${message.subject.toLowerCase()}`]: 1 },
    };
    const decided = notificationFor(message, muted, elsewhere, true);
    expect(decided?.title).toContain(`> ${message.subject}`);
  });
  test('not when the message is in view of a visible tab, but yes when the tab is hidden', () => {
    const inView: AppState = { ...state, view: { ...state.view, narrow: [] } };
    expect(notificationFor(pm(), state, inView, false)).toBeNull();
    expect(notificationFor(pm(), state, inView, true)).not.toBeNull();
  });
});

import {
  conversationLabel,
  sidebarConversations,
  sortedSubscriptions,
  streamsFrom,
  topicPolicyFor,
  topicsFrom,
  topicsToShow,
  typingHere,
  typingText,
} from '../src/features/sidebar/sidebar-model';
import { mergeFetched, stateFromRegister } from '../src/lib/state';
import type { AppState, Subscription } from '../src/lib/types';
import { register, SELF, streamMessage } from './fixtures';

const state = stateFromRegister(register(), SELF);
const sub = (stream_id: number, name: string, pin_to_top = false): Subscription => ({
  stream_id,
  name,
  description: '',
  invite_only: false,
  color: '#fff',
  is_muted: false,
  in_home_view: true,
  pin_to_top,
  desktop_notifications: null,
});

describe('the sidebars', () => {
  test('pinned streams first, then by name', () => {
    const subs = { 1: sub(1, 'b'), 2: sub(2, 'a'), 3: sub(3, 'z', true) };
    expect(sortedSubscriptions(subs).map((s) => s.name)).toEqual(['z', 'a', 'b']);
  });

  test('recent conversations, then unread ones not among them, named by their people', () => {
    const recent = [{ key: '5,10', user_ids: [5], max_message_id: 9 }];
    expect(sidebarConversations(recent, ['5,10', '10']).map((c) => c.key)).toEqual(['5,10', '10']);
    expect(conversationLabel('5,10', 10, state.users)).toBe('Iago, You');
    expect(conversationLabel('999', 10, state.users)).toBe('User 999');
  });

  test("a stream's topics: newly arrived and unread ones first, each once in any case", () => {
    const messages = mergeFetched(state, [], [streamMessage(1, { subject: 'New' }), streamMessage(2, { subject: 'old' })], {}).messages;
    expect(topicsToShow(['Old'], messages, 1, ['Unread', 'new'])).toEqual(['New', 'Unread', 'Old']);
  });

  test("a topic's policy: muted 1, unmuted in a muted stream 2, else 0", () => {
    expect([topicPolicyFor(true, false), topicPolicyFor(false, true), topicPolicyFor(false, false)]).toEqual([1, 2, 0]);
  });

  test('who is typing in the view', () => {
    const at = (narrow: AppState['view']['narrow'], typing: AppState['typing']): AppState => ({
      ...state,
      typing,
      view: { ...state.view, narrow },
    });
    const denmark = [{ operator: 'stream', operand: '1' }];
    const t = (conversation: string, sender_id = 5) => ({ sender_id, conversation, expires: 100 });
    expect(typingHere(at(denmark, []), 'stream:1:castle')).toBe(true);
    expect(typingHere(at(denmark, []), 'stream:2:castle')).toBe(false);
    expect(typingHere(at([{ operator: 'is', operand: 'private' }], []), 'pm:5,10')).toBe(true);
    expect(typingText(at(denmark, [t('stream:1:castle')]), 0)).toBe('Iago is typing…');
    expect(typingText(at(denmark, [t('stream:1:castle')]), 200)).toBe('');
    expect(
      typingText(
        at(
          denmark,
          [5, 7].map((id) => t('stream:1:x', id)),
        ),
        0,
      ),
    ).toMatch(/^Iago, .+ are typing…$/);
  });

  test("the server's topics and streams, read field by field", () => {
    expect(topicsFrom([{ name: 'a', max_id: 3 }, { max_id: 4 }, 'x', null])).toEqual([{ name: 'a', max_id: 3 }]);
    expect(streamsFrom([{ stream_id: 1, name: 'a', rendered_description: '<p>d</p>' }, { name: 'no id' }])).toEqual([
      { stream_id: 1, name: 'a', description: '', invite_only: false, rendered_description: '<p>d</p>' },
    ]);
  });
});

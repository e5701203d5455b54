import { applyEvent, messageActions, stateFromRegister, toMessage } from '../src/lib/state';
import type { AppState } from '../src/lib/types';
import { register, SELF, streamMessage } from './fixtures';

const NOW = 1_800_000_000;

function stateWith(policy: Record<string, unknown>, self = SELF): AppState {
  return stateFromRegister({ ...register(), ...policy }, self);
}

const messageBy = (senderId: number, ageSeconds: number) =>
  toMessage(streamMessage(1, { sender_id: senderId, timestamp: NOW - ageSeconds }));

describe('messageActions (Zulip 2.1: who may edit and delete)', () => {
  test("edits only one's own messages, within the limit, when editing is on", () => {
    const state = stateWith({ realm_allow_message_editing: true, realm_message_content_edit_limit_seconds: 600 });
    expect(messageActions(state, messageBy(10, 60), NOW).edit).toBe(true);
    expect(messageActions(state, messageBy(10, 601), NOW).edit).toBe(false);
    expect(messageActions(state, messageBy(7, 60), NOW).edit).toBe(false);
    expect(
      messageActions(
        stateWith({ realm_allow_message_editing: true, realm_message_content_edit_limit_seconds: 0 }),
        messageBy(10, 10 ** 6),
        NOW,
      ).edit,
    ).toBe(true);
    expect(messageActions(stateWith({ realm_allow_message_editing: false }), messageBy(10, 1), NOW).edit).toBe(false);
  });

  test("deletes one's own only when the realm allows it; an administrator any", () => {
    const closed = stateWith({ realm_allow_message_deleting: false });
    expect(messageActions(closed, messageBy(10, 1), NOW).delete).toBe(false);
    const open = stateWith({ realm_allow_message_deleting: true, realm_message_content_delete_limit_seconds: 0 });
    expect(messageActions(open, messageBy(10, 10 ** 6), NOW).delete).toBe(true);
    expect(messageActions(open, messageBy(7, 1), NOW).delete).toBe(false);
    const admin = stateWith({ realm_allow_message_deleting: false }, { user_id: 5, email: 'iago@zulip.com' });
    expect(messageActions(admin, messageBy(7, 1), NOW).delete).toBe(true);
  });

  test('follows realm events that change the policy', () => {
    let state = stateWith({ realm_allow_message_deleting: false });
    state = applyEvent(state, { type: 'realm', op: 'update', property: 'allow_message_deleting', value: true });
    expect(messageActions(state, messageBy(10, 1), NOW).delete).toBe(true);
    state = applyEvent(state, { type: 'realm', op: 'update_dict', property: 'default', data: { allow_message_editing: false } });
    expect(messageActions(state, messageBy(10, 1), NOW).edit).toBe(false);
  });
});

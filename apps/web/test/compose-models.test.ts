import { recipientEmails, sendBlocker, sendParams, typingParams, typingStep, TYPING_REPEAT_MS } from '../src/features/compose/send-model';
import { bodySuggestions, movedActive, recipientSuggestions, userSuggestions } from '../src/features/compose/suggestions';
import { stateFromRegister } from '../src/lib/state';
import { register, SELF } from './fixtures';

const state = stateFromRegister(register(), SELF);
const resolver = {
  streamIdByName: (name: string) => (name.toLowerCase() === 'denmark' ? 1 : undefined),
  userIdByEmail: (email: string) => ({ 'iago@zulip.com': 5 })[email.toLowerCase()],
};

describe('sending', () => {
  test('a stream by id when known, by name otherwise; an empty topic as Zulip names it', () => {
    expect(sendParams({ kind: 'stream', stream: 'Denmark', topic: '' }, 'hi', resolver)).toEqual({
      type: 'stream',
      to: '1',
      topic: '(no topic)',
      content: 'hi',
    });
    expect(sendParams({ kind: 'stream', stream: 'Rome', topic: 't' }, 'hi', resolver)).toMatchObject({ to: 'Rome' });
  });
  test('a private message to its addresses', () => {
    expect(recipientEmails(' a@x.com, ,b@x.com ')).toEqual(['a@x.com', 'b@x.com']);
    expect(sendParams({ kind: 'private', to: 'a@x.com, b@x.com' }, 'hi', resolver)).toEqual({
      type: 'private',
      to: '["a@x.com","b@x.com"]',
      content: 'hi',
    });
  });
  test('what stops a send', () => {
    expect(sendBlocker('stream', 'Denmark', '', 1)).toMatch(/uploaded/);
    expect(sendBlocker('stream', ' ', '', 0)).toBe('Please choose a stream.');
    expect(sendBlocker('private', '', '', 0)).toBe('Please choose recipients.');
    expect(sendBlocker('private', '', 'a@x.com', 0)).toBeNull();
  });
});

describe('typing notifications', () => {
  test('go to a known stream topic, or to the known people', () => {
    expect(typingParams({ kind: 'stream', stream: 'Denmark', topic: 't' }, resolver)).toEqual({ type: 'stream', stream_id: 1, topic: 't' });
    expect(typingParams({ kind: 'stream', stream: 'Denmark', topic: '' }, resolver)).toBeUndefined();
    expect(typingParams({ kind: 'private', to: 'iago@zulip.com, who@x.com' }, resolver)).toEqual({ type: 'direct', to: '[5]' });
    expect(typingParams({ kind: 'private', to: 'who@x.com' }, resolver)).toBeUndefined();
  });
  test('start once, again after the repeat interval, stop once', () => {
    let step = typingStep(null, 'k', true, 0);
    expect(step.send).toBe('start');
    step = typingStep(step.state, 'k', true, 1000);
    expect(step.send).toBeNull();
    step = typingStep(step.state, 'k', true, TYPING_REPEAT_MS + 1);
    expect(step.send).toBe('start');
    step = typingStep(step.state, 'k', false, TYPING_REPEAT_MS + 2);
    expect(step).toEqual({ state: null, send: 'stop' });
    expect(typingStep(null, 'k', false, 0).send).toBeNull();
  });
});

describe('suggestions', () => {
  test('people whose name starts with the query first', () => {
    const found = userSuggestions(state, 'o');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((u) => u.name.toLowerCase().includes('o') || u.email.includes('o'))).toBe(true);
  });
  test('a mention inserts the name, the To field the address, an emoji its name', () => {
    const mention = bodySuggestions(state, { trigger: '@', query: 'iago', start: 0 }, {});
    expect(mention[0]?.insert).toBe('@**Iago**');
    expect(recipientSuggestions(state, 'iago')[0]?.insert).toBe('iago@zulip.com');
    expect(recipientSuggestions(state, '')).toEqual([]);
    const emoji = bodySuggestions(state, { trigger: ':', query: 'smi', start: 0 }, { smile: '1f642' });
    expect(emoji[0]?.insert).toBe(':smile:');
    expect(bodySuggestions(state, { trigger: ':', query: '', start: 0 }, { smile: '1f642' })).toEqual([]);
    expect(bodySuggestions(state, undefined, {})).toEqual([]);
  });
  test('arrows wrap around', () => {
    expect(movedActive(0, 3, -1)).toBe(2);
    expect(movedActive(2, 3, 1)).toBe(0);
  });
});

import {
  composeAfterViewChange,
  composeTargetForNarrow,
  describeTarget,
  replyTarget,
  targetInView,
  viewTarget,
  type ComposeTarget,
} from '../src/features/compose/compose-target';
import { stateFromRegister, toMessage } from '../src/lib/state';
import type { AppState, Narrow } from '../src/lib/types';
import { privateMessage, register, SELF, streamMessage } from './fixtures';

const state: AppState = stateFromRegister(register(), SELF);
const at = (narrow: Narrow): AppState => ({ ...state, view: { ...state.view, narrow } });

const denmarkMarkdown: ComposeTarget = { kind: 'stream', stream: 'Denmark', topic: 'Markdown' };
const toIago: ComposeTarget = { kind: 'private', to: 'iago@zulip.com' };
const pmIago: Narrow = [{ operator: 'pm-with', operand: '5' }];
const denmark: Narrow = [{ operator: 'stream', operand: '1' }];
const markdownTopic: Narrow = [...denmark, { operator: 'topic', operand: 'markdown' }];

describe('the conversation a view names', () => {
  test('a private conversation by its members, a stream with or without its topic, nothing for other views', () => {
    expect(viewTarget(state, pmIago)).toEqual(toIago);
    expect(viewTarget(state, [{ operator: 'pm-with', operand: '5,7' }])).toEqual({
      kind: 'private',
      to: 'iago@zulip.com, othello@zulip.com',
    });
    expect(viewTarget(state, markdownTopic)).toEqual({ kind: 'stream', stream: 'Denmark', topic: 'markdown' });
    expect(viewTarget(state, denmark)).toEqual({ kind: 'stream', stream: 'Denmark', topic: '' });
    expect(viewTarget(state, [])).toBeUndefined();
    expect(viewTarget(state, [{ operator: 'is', operand: 'private' }])).toBeUndefined();
    expect(viewTarget(state, [{ operator: 'stream', operand: '1', negated: true }])).toBeUndefined();
    expect(viewTarget(state, [{ operator: 'stream', operand: '999' }])).toBeUndefined();
  });

  test('c and x open the view’s conversation; r the message’s', () => {
    expect(composeTargetForNarrow(at(pmIago), undefined, false)).toEqual(toIago);
    expect(composeTargetForNarrow(at(pmIago), undefined, true)).toEqual(toIago);
    expect(composeTargetForNarrow(at(markdownTopic), undefined, true)).toEqual({ kind: 'private', to: '' });
    expect(composeTargetForNarrow(at([]), toMessage(streamMessage(3)), false)).toEqual({ kind: 'stream', stream: 'Denmark', topic: '' });
    expect(replyTarget(state, toMessage(streamMessage(3)))).toEqual({ kind: 'stream', stream: 'Denmark', topic: 'Castle' });
    expect(replyTarget(state, toMessage(privateMessage(4, 5, [5, 7, 10])))).toEqual({
      kind: 'private',
      to: 'iago@zulip.com, othello@zulip.com',
    });
  });
});

describe('whether the box sends where the reader looks', () => {
  test('a stream message is not in a private conversation, nor a private message in a stream', () => {
    expect(targetInView(state, denmarkMarkdown, pmIago)).toBe(false);
    expect(targetInView(state, toIago, markdownTopic)).toBe(false);
    expect(targetInView(state, denmarkMarkdown, [{ operator: 'is', operand: 'private' }])).toBe(false);
    expect(targetInView(state, { kind: 'stream', stream: 'Denmark', topic: 'Castle' }, markdownTopic)).toBe(false);
    expect(targetInView(state, { kind: 'stream', stream: 'Verona', topic: 'x' }, denmark)).toBe(false);
    expect(targetInView(state, { kind: 'private', to: 'othello@zulip.com' }, pmIago)).toBe(false);
  });

  test('the view’s own conversation, or a view that holds it, is in view', () => {
    expect(targetInView(state, { kind: 'stream', stream: 'denmark', topic: 'MARKDOWN ' }, markdownTopic)).toBe(true);
    expect(targetInView(state, denmarkMarkdown, denmark)).toBe(true);
    expect(targetInView(state, denmarkMarkdown, [])).toBe(true);
    expect(targetInView(state, { kind: 'private', to: 'IAGO@zulip.com, ' }, pmIago)).toBe(true);
    expect(targetInView(state, toIago, [{ operator: 'is', operand: 'private' }])).toBe(true);
    // Views of no conversation (starred, a search) say nothing against it.
    expect(targetInView(state, denmarkMarkdown, [{ operator: 'is', operand: 'starred' }])).toBe(true);
    expect(targetInView(state, denmarkMarkdown, [{ operator: 'search', operand: 'lunch' }])).toBe(true);
  });

  test('an unfinished recipient says nothing; an unknown one is no conversation in view', () => {
    expect(targetInView(state, { kind: 'stream', stream: ' ', topic: '' }, pmIago)).toBeUndefined();
    expect(targetInView(state, { kind: 'private', to: '' }, denmark)).toBeUndefined();
    expect(targetInView(state, { kind: 'private', to: 'nobody@zulip.com' }, pmIago)).toBe(false);
    expect(targetInView(state, { kind: 'stream', stream: 'Nowhere', topic: 'x' }, denmark)).toBe(false);
  });

  test('the warning names the destination', () => {
    expect(describeTarget(state, denmarkMarkdown)).toBe('#Denmark > Markdown');
    expect(describeTarget(state, { kind: 'stream', stream: 'Denmark', topic: '' })).toBe('#Denmark > (no topic)');
    expect(describeTarget(state, { kind: 'private', to: 'iago@zulip.com, someone@x' })).toBe('a private message to Iago, someone@x');
  });
});

describe('an open box when the view changes', () => {
  test('an empty box follows the view to its conversation, and closes for a view of none', () => {
    expect(composeAfterViewChange(state, '', pmIago)).toEqual({ action: 'retarget', target: toIago });
    expect(composeAfterViewChange(state, ' \n', markdownTopic)).toEqual({
      action: 'retarget',
      target: { kind: 'stream', stream: 'Denmark', topic: 'markdown' },
    });
    expect(composeAfterViewChange(state, '', [])).toEqual({ action: 'close' });
  });

  test('a box with text keeps its recipient', () => {
    expect(composeAfterViewChange(state, 'PRIVATE: meet me alone', pmIago)).toEqual({ action: 'keep' });
    expect(composeAfterViewChange(state, 'draft', [])).toEqual({ action: 'keep' });
  });
});

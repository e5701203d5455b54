import { computeRange, groupKey, lowerBound, STEP, WINDOW } from '../src/features/narrow/message-range';
import { narrowTitle } from '../src/features/narrow/narrow-title';
import { groupReactions, reactionRequest } from '../src/features/narrow/reactions';
import { selectionAfterChange, selectionAfterLoad, selectionMoved } from '../src/features/narrow/selection';
import { stateFromRegister, toMessage } from '../src/lib/state';
import type { Reaction } from '../src/lib/types';
import { register, SELF, streamMessage } from './fixtures';

const state = stateFromRegister(register(), SELF);
const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

describe('narrowTitle', () => {
  test('names the views, streams, topics and people', () => {
    expect(narrowTitle([], state)).toBe('All messages');
    expect(narrowTitle([{ operator: 'is', operand: 'starred' }], state)).toBe('Starred messages');
    expect(
      narrowTitle(
        [
          { operator: 'stream', operand: '1' },
          { operator: 'topic', operand: 'Castle' },
        ],
        state,
      ),
    ).toBe('#Denmark > Castle');
    expect(narrowTitle([{ operator: 'stream', operand: 'Nowhere', negated: true }], state)).toBe('not #Nowhere');
    expect(narrowTitle([{ operator: 'search', operand: 'ghost' }], state)).toBe('Search: ghost');
    expect(narrowTitle([{ operator: 'pm-with', operand: '999' }], state)).toBe('Private messages with 999');
  });
});

describe('the message range', () => {
  test('a new view shows its newest WINDOW messages, or those around its anchor', () => {
    const all = ids(1000);
    const range = computeRange(null, 'k', all, null, true, undefined);
    expect([range.start, range.end]).toEqual([1000 - WINDOW, 1000]);
    const near = computeRange(null, 'k', all, null, false, 500);
    expect(near.start).toBeLessThanOrEqual(499);
    expect(near.end).toBeGreaterThan(499);
    expect(near.end - near.start).toBeLessThanOrEqual(WINDOW);
  });

  test('follows newer messages at the bottom, and shows some older ones that arrive', () => {
    const first = computeRange(null, 'k', ids(100, 101), null, true, undefined);
    const newer = computeRange(first, 'k', ids(101, 101), null, true, undefined);
    expect(newer.end).toBe(101);
    const older = computeRange(newer, 'k', ids(201, 1), null, true, undefined);
    expect(older.start).toBe(100 - STEP);
  });

  test('jumps to a selection outside the range', () => {
    const all = ids(1000);
    const range = computeRange(computeRange(null, 'k', all, null, true, undefined), 'k', all, 10, false, undefined);
    expect(range.start).toBe(0);
    expect(range.end).toBe(WINDOW);
  });

  test('lowerBound finds the first id at least the one asked', () => {
    expect(lowerBound([1, 3, 5], 3)).toBe(1);
    expect(lowerBound([1, 3, 5], 4)).toBe(2);
    expect(lowerBound([1, 3, 5], 9)).toBe(3);
  });

  test('messages group by conversation and day', () => {
    const a = toMessage(streamMessage(1));
    const b = toMessage(streamMessage(2));
    const c = toMessage(streamMessage(3, { subject: 'Other' }));
    expect(groupKey(a)).toBe(groupKey(b));
    expect(groupKey(a)).not.toBe(groupKey(c));
  });
});

describe('reactions', () => {
  const r = (user_id: number, emoji_name = 'smile', emoji_code = '1f642'): Reaction => ({
    user_id,
    emoji_name,
    emoji_code,
    reaction_type: 'unicode_emoji',
  });
  test('grouped per emoji in order of appearance, marked when the viewer is in', () => {
    const groups = groupReactions([r(5), r(10, 'heart', '2764'), r(10)], 10);
    expect(groups.map((g) => [g.key, g.reactions.length, g.mine])).toEqual([
      ['unicode_emoji:1f642', 2, true],
      ['unicode_emoji:2764', 1, true],
    ]);
  });
  test("a click removes the viewer's own reaction, else adds it as the existing one", () => {
    const message = { ...toMessage(streamMessage(1)), reactions: [r(5)] };
    expect(reactionRequest(message, 10, 'smile').remove).toBe(false);
    expect(reactionRequest(message, 10, 'smile').params).toMatchObject({ emoji_code: '1f642', reaction_type: 'unicode_emoji' });
    expect(reactionRequest(message, 5, 'smile').remove).toBe(true);
    expect(reactionRequest(message, 10, 'tada').params).toEqual({ message_id: 1, emoji_name: 'tada' });
  });
});

describe('selection', () => {
  test('after a load: the anchor if it came, else the newest', () => {
    expect(selectionAfterLoad([1, 2, 3], 2)).toBe(2);
    expect(selectionAfterLoad([1, 3], 2)).toBe(3);
    expect(selectionAfterLoad([], undefined)).toBeNull();
  });
  test('after a change: kept while in view', () => {
    expect(selectionAfterChange([1, 2, 3], 2)).toBe(2);
    expect(selectionAfterChange([1, 3], 2)).toBe(3);
    expect(selectionAfterChange([1, 3], null)).toBe(3);
  });
  test('j and k move within the view', () => {
    expect(selectionMoved([1, 2, 3], 2, 1)).toBe(3);
    expect(selectionMoved([1, 2, 3], 3, 1)).toBe(3);
    expect(selectionMoved([1, 2, 3], null, -1)).toBe(2);
    expect(selectionMoved([], null, 1)).toBeNull();
  });
});

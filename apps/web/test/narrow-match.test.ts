import { matchesNarrow, narrowForApi, parseNarrowHash, pmKey } from '../src/features/narrow/narrow';
import type { Message } from '../src/lib/types';

describe('the API narrow', () => {
  test('ids become numbers, near becomes the anchor', () => {
    expect(narrowForApi(parseNarrowHash('#narrow/stream/42-general/topic/lunch/near/99'))).toEqual({
      narrow: [
        { operator: 'stream', operand: 42 },
        { operator: 'topic', operand: 'lunch' },
      ],
      anchor: 99,
    });
    expect(narrowForApi(parseNarrowHash('#narrow/pm-with/5,7-group'))).toEqual({ narrow: [{ operator: 'pm-with', operand: [5, 7] }] });
    expect(narrowForApi([{ operator: 'stream', operand: 'Denmark' }])).toEqual({ narrow: [{ operator: 'stream', operand: 'Denmark' }] });
  });
});

type StreamMessage = Extract<Message, { type: 'stream' }>;

/** The fields of a message the narrow tests do not look at. */
const FROM_IAGO = {
  id: 1,
  sender_id: 5,
  sender_email: 'iago@zulip.com',
  sender_full_name: 'Iago',
  avatar_url: null,
  timestamp: 0,
  content: '',
  reactions: [],
  flags: [],
};

function message(over: Partial<StreamMessage>): StreamMessage {
  return {
    ...FROM_IAGO,
    type: 'stream',
    stream_id: 42,
    display_recipient: 'general',
    subject: 'Lunch',
    ...over,
  };
}

describe('matchesNarrow', () => {
  const pm: Message = {
    ...FROM_IAGO,
    type: 'private',
    subject: '',
    display_recipient: [
      { id: 5, email: 'i', full_name: 'I' },
      { id: 9, email: 's', full_name: 'S' },
      { id: 7, email: 'h', full_name: 'H' },
    ],
  };
  test.each([
    [message({}), [], true],
    [message({}), [{ operator: 'stream', operand: '42' }], true],
    [message({}), [{ operator: 'stream', operand: 'GENERAL' }], true],
    [message({}), [{ operator: 'stream', operand: '43' }], false],
    [
      message({}),
      [
        { operator: 'stream', operand: '42' },
        { operator: 'topic', operand: 'lunch' },
      ],
      true,
    ],
    [message({}), [{ operator: 'topic', operand: 'dinner' }], false],
    [message({}), [{ operator: 'is', operand: 'private' }], false],
    [pm, [{ operator: 'is', operand: 'private' }], true],
    [pm, [{ operator: 'pm-with', operand: '5,7' }], true],
    [pm, [{ operator: 'pm-with', operand: '5' }], false],
    [message({ flags: ['starred'] }), [{ operator: 'is', operand: 'starred' }], true],
    [message({}), [{ operator: 'is', operand: 'starred' }], false],
    [message({ flags: ['wildcard_mentioned'] }), [{ operator: 'is', operand: 'mentioned' }], true],
    [message({}), [{ operator: 'sender', operand: '5' }], true],
    [message({}), [{ operator: 'sender', operand: 'IAGO@zulip.com' }], true],
    [message({}), [{ operator: 'search', operand: 'x' }], undefined],
    [
      message({}),
      [
        { operator: 'stream', operand: '43' },
        { operator: 'search', operand: 'x' },
      ],
      false,
    ],
    [message({}), [{ operator: 'stream', operand: '42', negated: true }], false],
    [message({}), [{ operator: 'near', operand: '5' }], true],
  ])('%#', (m, narrow, expected) => {
    expect(matchesNarrow(m, narrow, 9)).toBe(expected);
  });

  test('pmKey', () => {
    expect(pmKey([9, 7, 5, 7], 9)).toBe('5,7');
    expect(pmKey([9], 9)).toBe('9');
  });
});

/**
 * The answer check the recordings rely on can fail: a schema-declared answer is checked in depth,
 * so a wrong type deep inside a message, or a field no declaration has, is reported.
 */
import { eventQueueEndpoints, messageEndpoints } from '@chat/contracts';
import { answerProblems } from './declared-answers';

const message = {
  id: 1,
  type: 'stream',
  sender_id: 6,
  sender_email: 'hamlet@zulip.com',
  sender_full_name: 'King Hamlet',
  sender_short_name: 'hamlet',
  sender_realm_str: 'zulip',
  recipient_id: 16,
  display_recipient: 'Denmark',
  stream_id: 2,
  subject: 'castle',
  subject_links: [],
  timestamp: 1700000000,
  client: 'Unspecified',
  is_me_message: false,
  reactions: [],
  submessages: [{ id: 1, message_id: 1, sender_id: 6, msg_type: 'widget', content: '{}' }],
  content: '<p>rotten</p>',
  content_type: 'text/html',
  avatar_url: null,
  flags: ['read'],
};
const answer = (m: unknown) => ({ result: 'success', msg: '', raw_content: 'rotten', message: m });

describe('answers declared by schema are checked in depth', () => {
  it('accepts a message as declared', () => {
    expect(answerProblems(messageEndpoints.getMessage, 200, answer(message))).toEqual([]);
  });

  it('reports a wrong type deep inside', () => {
    const wrong = { ...message, submessages: [{ ...message.submessages[0], sender_id: '6' }] };
    expect(answerProblems(messageEndpoints.getMessage, 200, answer(wrong)).join('\n')).toContain('/message/submessages/0/sender_id');
  });

  it('reports an undeclared field and a missing one', () => {
    const { flags: _flags, ...withoutFlags } = message;
    expect(answerProblems(messageEndpoints.getMessage, 200, answer({ ...message, colour: 'red' }))).not.toEqual([]);
    expect(answerProblems(messageEndpoints.getMessage, 200, answer(withoutFlags))).not.toEqual([]);
  });

  it("reports a /register state key that no fetched part declares, and a part's wrong shape", () => {
    const base = {
      result: 'success',
      msg: '',
      queue_id: 'q',
      last_event_id: -1,
      zulip_version: '10.0',
      zulip_feature_level: 371,
      zulip_merge_base: '10.0',
    };
    expect(answerProblems(eventQueueEndpoints.register, 200, base)).toEqual([]);
    expect(answerProblems(eventQueueEndpoints.register, 200, { ...base, realm_colour: 'red' })).not.toEqual([]);
    expect(answerProblems(eventQueueEndpoints.register, 200, { ...base, muted_topics: [['Denmark', 'castle', 'yesterday']] })).not.toEqual(
      [],
    );
  });
});

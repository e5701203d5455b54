/**
 * The register narrow's modern names: `channel` for `stream` and `is:dm` for `is:private`, as
 * current Zulip filters events by them; GET /messages reads the same names (message service).
 */
import { queueDescriptor } from '@chat/testing';
import type { BusRecord } from '@chat/bus';
import { NOTICE_VERSION, type WireMessage } from '@chat/events';
import { MemoryQueueStore, type QueueDescriptor } from '@chat/queue-store';
import { deliverRecord } from '../src/consumers/deliver';
import { matchesNarrow } from '../src/lib/event-filter';
import { normalizeNarrow } from '../src/actions/register';

const streamMessage = { type: 'stream', display_recipient: 'Denmark', subject: 'Castle', sender_email: 'hamlet@zulip.com' };
const privateMessage = { type: 'private', display_recipient: [], sender_email: 'hamlet@zulip.com' };

describe('modern register narrow operators', () => {
  it('narrows by channel name as by stream name, case-insensitively', () => {
    expect(matchesNarrow([['channel', 'denmark']], streamMessage, [])).toBe(true);
    expect(matchesNarrow([['channel', 'Verona']], streamMessage, [])).toBe(false);
    expect(matchesNarrow([['channel', 'Denmark']], privateMessage, [])).toBe(false);
    expect(
      matchesNarrow(
        [
          ['channel', 'Denmark'],
          ['topic', 'castle'],
        ],
        streamMessage,
        [],
      ),
    ).toBe(true);
  });

  it('reads is:dm as is:private', () => {
    expect(matchesNarrow([['is', 'dm']], privateMessage, [])).toBe(true);
    expect(matchesNarrow([['is', 'dm']], streamMessage, [])).toBe(false);
  });

  it('registers channel narrows and still refuses the operators Zulip does not filter events by', () => {
    expect(
      normalizeNarrow([
        ['channel', 'Denmark'],
        ['is', 'dm'],
      ]),
    ).toEqual([
      ['channel', 'Denmark'],
      ['is', 'dm'],
    ]);
    for (const operator of ['dm', 'dm-including', 'with', 'id']) {
      expect(() => normalizeNarrow([[operator, '1']])).toThrow(`Operator ${operator} not supported.`);
    }
  });
});

describe('delivering to queues narrowed with the modern names', () => {
  const message: WireMessage = {
    id: 10,
    type: 'stream',
    sender_id: 1,
    sender_email: 'hamlet@zulip.com',
    sender_full_name: 'King Hamlet',
    sender_short_name: 'hamlet',
    sender_realm_str: 'zulip',
    sender_avatar_source: 'G',
    sender_avatar_url: 'https://secure.gravatar.com/avatar/x?d=identicon&version=1',
    recipient_id: 5,
    stream_id: 2,
    display_recipient: 'Denmark',
    subject: 'Castle',
    subject_links: [],
    content: 'hi',
    rendered_content: '<p>hi</p>',
    timestamp: 1,
    client: 'test',
    is_me_message: false,
    reactions: [],
    submessages: [],
  };
  const record = (seq: number, msg: WireMessage, users: number[], publicStream: boolean): BusRecord => ({
    id: String(seq),
    partition: 0,
    seq,
    redeliveries: 0,
    payload: {
      outboxId: String(seq),
      txId: seq,
      notice: { v: NOTICE_VERSION, kind: 'message', realmId: 1, message: msg, users: users.map((id) => ({ id, flags: [] })), publicStream },
    },
  });
  const queue = (id: string, userId: number, narrow: [string, string][]): QueueDescriptor =>
    queueDescriptor({ id, userId, narrow, lastActivity: Date.now() });

  async function eventIds(store: MemoryQueueStore, queueId: string): Promise<number[]> {
    const result = await store.fetch(queueId, -1);
    return result.kind === 'ok' ? result.events.map((e) => (e.message as { id: number }).id) : [];
  }

  it('gives a public stream message to the channel queue that names it (sent or not), a DM to is:dm queues', async () => {
    const store = new MemoryQueueStore();
    await store.create(queue('q:channel-denmark', 9, [['channel', 'Denmark']]));
    await store.create(queue('q:channel-verona', 9, [['channel', 'Verona']]));
    await store.create(queue('q:dm', 7, [['is', 'dm']]));
    await deliverRecord(store, record(1, message, [7], true));
    const dm: WireMessage = { ...message, id: 11, type: 'private', stream_id: null, display_recipient: [], subject: '' };
    await deliverRecord(store, record(2, dm, [7, 9], false));
    expect(await eventIds(store, 'q:channel-denmark')).toEqual([10]);
    expect(await eventIds(store, 'q:channel-verona')).toEqual([]);
    expect(await eventIds(store, 'q:dm')).toEqual([11]);
  });
});

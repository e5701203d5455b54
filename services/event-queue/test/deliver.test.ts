import type { BusRecord } from '@chat/bus';
import { queueDescriptor } from '@chat/testing';
import {
  EMPTY_TOPIC_DISPLAY_NAME,
  eventWithEmptyTopicDisplayName,
  NOTICE_VERSION,
  type ClientEvent,
  type Notice,
  type WireMessage,
} from '@chat/events';
import { MemoryQueueStore, type QueueDescriptor } from '@chat/queue-store';
import { deliverRecord } from '../src/consumers/deliver';

let seq = 0;
/** A subscription as subscription `add` carries it, without its subscribers. */
const denmark = {
  name: 'Denmark',
  stream_id: 2,
  description: '',
  rendered_description: '',
  invite_only: false,
  is_web_public: false,
  is_announcement_only: false,
  history_public_to_subscribers: true,
  date_created: 1500000000,
  stream_post_policy: 1,
  message_retention_days: null,
  is_archived: false,
  first_message_id: null,
  color: '#76ce90',
  is_muted: false,
  in_home_view: true,
  pin_to_top: false,
  desktop_notifications: null,
  audible_notifications: null,
  push_notifications: null,
  email_notifications: null,
  wildcard_mentions_notify: null,
  email_address: '',
  is_old_stream: true,
  stream_weekly_traffic: null,
};

const record = (notice: Notice, txId = 1): BusRecord => ({
  id: String(++seq),
  partition: 0,
  seq,
  redeliveries: 0,
  payload: { outboxId: String(seq), txId, notice },
});

const queue = (id: string, userId: number, overrides: Partial<QueueDescriptor> = {}): QueueDescriptor =>
  queueDescriptor({ id, userId, applyMarkdown: false, lastActivity: Date.now(), ...overrides });

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
  content: '**hi**',
  rendered_content: '<p><strong>hi</strong></p>',
  timestamp: 1,
  client: 'test',
  is_me_message: false,
  reactions: [],
  submessages: [],
};

async function events(store: MemoryQueueStore, queueId: string) {
  const result = await store.fetch(queueId, -1);
  return result.kind === 'ok' ? result.events : [];
}

describe('delivering bus records to queues', () => {
  it('gives each queue its rendering variant and its user flags, and public-stream queues the rest', async () => {
    const store = new MemoryQueueStore();
    await store.create(queue('q:html', 7, { applyMarkdown: true }));
    await store.create(queue('q:raw', 8, { clientGravatar: true }));
    await store.create(queue('q:all', 9, { allPublicStreams: true }));
    await store.create(queue('q:narrow', 9, { narrow: [['stream', 'Verona']] }));
    const appended = await deliverRecord(
      store,
      record({
        v: NOTICE_VERSION,
        kind: 'message',
        realmId: 1,
        message,
        users: [
          { id: 7, flags: ['mentioned'] },
          { id: 8, flags: [] },
        ],
        publicStream: true,
      }),
    );
    expect(appended).toBe(3);
    expect(await events(store, 'q:html')).toEqual([
      expect.objectContaining({
        flags: ['mentioned'],
        message: expect.objectContaining({ content: '<p><strong>hi</strong></p>', content_type: 'text/html' }),
      }),
    ]);
    const [raw] = await events(store, 'q:raw');
    expect(raw?.message).toMatchObject({ content: '**hi**', content_type: 'text/x-markdown', avatar_url: null });
    expect(await events(store, 'q:all')).toEqual([expect.objectContaining({ flags: [] })]);
    expect(await events(store, 'q:narrow')).toEqual([]);
  });

  it("gives a guest's narrowed queue only the public-stream messages the guest was sent", async () => {
    const store = new MemoryQueueStore();
    await store.create(queue('q:guest-narrow', 9, { narrow: [['stream', 'Denmark']], guest: true }));
    await store.create(queue('q:guest-in-stream', 7, { narrow: [['stream', 'Denmark']], guest: true }));
    await store.create(queue('q:member-narrow', 8, { narrow: [['stream', 'Denmark']] }));
    await deliverRecord(
      store,
      record({ v: NOTICE_VERSION, kind: 'message', realmId: 1, message, users: [{ id: 7, flags: [] }], publicStream: true }),
    );
    expect(await events(store, 'q:guest-narrow')).toEqual([]);
    expect(await events(store, 'q:guest-in-stream')).toHaveLength(1);
    expect(await events(store, 'q:member-narrow')).toHaveLength(1);
  });

  it('keeps subscriber lists only for queues registered with include_subscribers', async () => {
    const store = new MemoryQueueStore();
    await store.create(queue('q:with', 7, { includeSubscribers: true }));
    await store.create(queue('q:without', 7));
    await store.create(queue('q:other-types', 7, { eventTypes: ['message'] }));
    const event: ClientEvent = { type: 'subscription', op: 'add', subscriptions: [{ ...denmark, subscribers: [7, 8] }] };
    await deliverRecord(store, record({ v: NOTICE_VERSION, kind: 'event', realmId: 1, event, userIds: [7] }));
    expect((await events(store, 'q:with'))[0]?.subscriptions).toEqual([{ ...denmark, subscribers: [7, 8] }]);
    expect((await events(store, 'q:without'))[0]?.subscriptions).toEqual([denmark]);
    expect(await events(store, 'q:other-types')).toEqual([]);
  });

  it('gives queues without empty_topic_name the display name for the empty topic, and shares one shape otherwise', async () => {
    const store = new MemoryQueueStore();
    await store.create(queue('q:modern', 7, { capabilities: ['empty_topic_name'] }));
    await store.create(queue('q:older', 7));
    const users = [{ id: 7, flags: [] }];
    await deliverRecord(
      store,
      record({ v: NOTICE_VERSION, kind: 'message', realmId: 1, message: { ...message, subject: '' }, users, publicStream: true }),
    );
    const deletion: ClientEvent = { type: 'delete_message', message_ids: [10], message_type: 'stream', stream_id: 2, topic: '' };
    await deliverRecord(store, record({ v: NOTICE_VERSION, kind: 'event', realmId: 1, event: deletion, userIds: [7] }));
    const named: ClientEvent = { ...deletion, topic: 'Castle' };
    await deliverRecord(store, record({ v: NOTICE_VERSION, kind: 'event', realmId: 1, event: named, userIds: [7] }));
    const topics = async (id: string) =>
      (await events(store, id)).map((e) => (e.type === 'message' ? (e.message as { subject: string }).subject : e.topic));
    expect(await topics('q:modern')).toEqual(['', '', 'Castle']);
    expect(await topics('q:older')).toEqual([EMPTY_TOPIC_DISPLAY_NAME, EMPTY_TOPIC_DISPLAY_NAME, 'Castle']);
  });

  it('renames only what names the empty topic, and returns the event itself when nothing does', () => {
    const flags: ClientEvent = {
      type: 'update_message_flags',
      op: 'remove',
      operation: 'remove',
      flag: 'read',
      messages: [1, 2, 3],
      all: false,
      message_details: {
        1: { type: 'stream', stream_id: 2, topic: '' },
        2: { type: 'stream', stream_id: 2, topic: 'Castle' },
        3: { type: 'private', user_ids: [8] },
      },
    };
    expect(eventWithEmptyTopicDisplayName(flags)).toEqual({
      ...flags,
      message_details: { ...flags.message_details, 1: { type: 'stream', stream_id: 2, topic: EMPTY_TOPIC_DISPLAY_NAME } },
    });
    const moved = { type: 'update_message', orig_subject: '', subject: 'Castle' } as unknown as ClientEvent;
    expect(eventWithEmptyTopicDisplayName(moved)).toEqual({ ...moved, orig_subject: EMPTY_TOPIC_DISPLAY_NAME });
    const edited = { type: 'update_message', content: 'x' } as unknown as ClientEvent;
    expect(eventWithEmptyTopicDisplayName(edited)).toBe(edited);
    const muted: ClientEvent = { type: 'muted_topics', muted_topics: [['Denmark', 'Castle', 1]] };
    expect(eventWithEmptyTopicDisplayName(muted)).toBe(muted);
  });

  it('refuses a notice version it does not know, so the bus redelivers it to a newer replica', async () => {
    const store = new MemoryQueueStore();
    await expect(deliverRecord(store, record({ v: 3 } as unknown as Notice))).rejects.toThrow('unknown notice version');
  });
});

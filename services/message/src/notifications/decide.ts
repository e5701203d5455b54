/**
 * Whether, and by which channel, each recipient of a new message is notified (Zulip's
 * UserMessageNotificationsData with the recipient sets of get_recipient_info): one decision for
 * e-mail, mobile push and Web Push. Each channel gets the first trigger that applies, in Zulip's
 * order: a private message, a personal or group mention (alert words alike), a wildcard mention
 * in a followed topic, a wildcard mention, a followed topic, the stream's own setting. Nothing
 * for the sender, bots, the deactivated, what arrived read (a muted sender's messages do), nor,
 * for wildcard mentions and stream settings, a muted stream or topic.
 *
 * The decision is what the recipient should get once they are away; whether they are away is
 * told later (./deliver.ts), so only `onlinePush` says what goes at once to someone present.
 */
import { anyOf, TOPIC_VISIBILITY, type Executor, type UserRow } from '@chat/db';
import { NOTIFICATION_DEFAULTS } from '@chat/views';
import type { SentMessage } from '../lib/sent-message';
import { CHANNELS, type Channel } from './channels';

export type NotificationTrigger =
  | 'private_message'
  | 'mentioned'
  | 'topic_wildcard_mentioned_in_followed_topic'
  | 'stream_wildcard_mentioned_in_followed_topic'
  | 'topic_wildcard_mentioned'
  | 'stream_wildcard_mentioned'
  | 'followed_topic_push_notify'
  | 'followed_topic_email_notify'
  | 'stream_push_notify'
  | 'stream_email_notify';

/** One recipient's notifications of one message: the trigger per channel, null where none. */
export interface NotificationDecision {
  userId: number;
  triggers: Record<Channel, NotificationTrigger | null>;
  /** enable_online_push_notifications: the mobile push goes even while the user is present. */
  onlinePush: boolean;
}

/** Zulip's defaults for the settings 2.1 did not have (the followed-topic ones, feature level 189). */
const LATER_DEFAULTS: Record<string, boolean> = {
  enable_followed_topic_email_notifications: true,
  enable_followed_topic_push_notifications: true,
  enable_followed_topic_wildcard_mentions_notify: true,
  // Web Push follows the desktop notification settings, as the web app's notifications do.
  enable_followed_topic_desktop_notifications: true,
};

function setting(user: UserRow, name: string): boolean {
  const value = user.settings?.[name];
  if (typeof value === 'boolean') return value;
  const fallback = (NOTIFICATION_DEFAULTS as Record<string, unknown>)[name] ?? LATER_DEFAULTS[name];
  return fallback === true;
}

/** The stream-side facts of one recipient: their subscription's settings and the topic's policy. */
interface StreamFacts {
  muted: boolean;
  followed: boolean;
  push: boolean | null;
  email: boolean | null;
  desktop: boolean | null;
  wildcard: boolean | null;
}

/** The per-channel setting names: offline (private messages and mentions), stream, followed topic. */
const CHANNEL_SETTINGS: Record<Channel, { offline: string; stream: string; followed: string; sub: 'push' | 'email' | 'desktop' }> = {
  email: {
    offline: 'enable_offline_email_notifications',
    stream: 'enable_stream_email_notifications',
    followed: 'enable_followed_topic_email_notifications',
    sub: 'email',
  },
  mobile_push: {
    offline: 'enable_offline_push_notifications',
    stream: 'enable_stream_push_notifications',
    followed: 'enable_followed_topic_push_notifications',
    sub: 'push',
  },
  web_push: {
    offline: 'enable_desktop_notifications',
    stream: 'enable_stream_desktop_notifications',
    followed: 'enable_followed_topic_desktop_notifications',
    sub: 'desktop',
  },
};

async function streamFacts(trx: Executor, streamId: number, topic: string, userIds: number[]): Promise<Map<number, StreamFacts>> {
  const subs: {
    user_id: number;
    is_muted: boolean;
    push_notifications: boolean | null;
    email_notifications: boolean | null;
    desktop_notifications: boolean | null;
    wildcard_mentions_notify: boolean | null;
  }[] = await trx('subscriptions')
    .where({ stream_id: streamId, active: true })
    .whereRaw(...anyOf('user_id', userIds))
    .select('user_id', 'is_muted', 'push_notifications', 'email_notifications', 'desktop_notifications', 'wildcard_mentions_notify');
  const policies: { user_id: number; visibility_policy: number }[] = await trx('muted_topics')
    .where({ stream_id: streamId })
    .whereRaw('lower(topic_name) = lower(?)', [topic])
    .whereRaw(...anyOf('user_id', userIds))
    .select('user_id', 'visibility_policy');
  const policyOf = new Map(policies.map((p) => [p.user_id, p.visibility_policy]));
  const facts = new Map<number, StreamFacts>();
  for (const sub of subs) {
    const policy = policyOf.get(sub.user_id) ?? TOPIC_VISIBILITY.INHERIT;
    // A muted topic is muted anywhere; an unmuted or followed one is not, even in a muted stream.
    const muted = policy === TOPIC_VISIBILITY.MUTED || (sub.is_muted && policy === TOPIC_VISIBILITY.INHERIT);
    facts.set(sub.user_id, {
      muted,
      followed: policy === TOPIC_VISIBILITY.FOLLOWED,
      push: sub.push_notifications,
      email: sub.email_notifications,
      desktop: sub.desktop_notifications,
      wildcard: sub.wildcard_mentions_notify,
    });
  }
  return facts;
}

function channelTrigger(channel: Channel, user: UserRow, flags: string[], isPrivate: boolean, facts: StreamFacts | undefined): NotificationTrigger | null {
  const names = CHANNEL_SETTINGS[channel];
  const offline = setting(user, names.offline);
  if (isPrivate) return offline ? 'private_message' : null;
  if ((flags.includes('mentioned') || flags.includes('has_alert_word')) && offline) return 'mentioned';
  if (!facts) return null;
  const topicWildcard = flags.includes('topic_wildcard_mentioned');
  const streamWildcard = flags.includes('stream_wildcard_mentioned');
  if (facts.followed && offline && setting(user, 'enable_followed_topic_wildcard_mentions_notify')) {
    if (topicWildcard) return 'topic_wildcard_mentioned_in_followed_topic';
    if (streamWildcard) return 'stream_wildcard_mentioned_in_followed_topic';
  }
  const wildcardNotify = facts.wildcard ?? setting(user, 'wildcard_mentions_notify');
  if (!facts.muted && offline && wildcardNotify) {
    if (topicWildcard) return 'topic_wildcard_mentioned';
    if (streamWildcard) return 'stream_wildcard_mentioned';
  }
  if (facts.followed && setting(user, names.followed)) return channel === 'email' ? 'followed_topic_email_notify' : 'followed_topic_push_notify';
  const streamSetting = facts[names.sub];
  if (!facts.muted && (streamSetting ?? setting(user, names.stream))) return channel === 'email' ? 'stream_email_notify' : 'stream_push_notify';
  return null;
}

async function recipientRows(trx: Executor, sent: SentMessage, ids: number[]): Promise<UserRow[]> {
  if (sent.kind === 'private') return sent.members.filter((u) => ids.includes(u.id));
  return trx<UserRow>('users')
    .where({ realm_id: sent.sender.realm_id })
    .whereRaw(...anyOf('id', ids));
}

/** The decisions for every recipient who gets at least one notification. */
export async function decideNotifications(trx: Executor, sent: SentMessage): Promise<NotificationDecision[]> {
  const unread = sent.users.filter(({ id, flags }) => id !== sent.sender.id && !flags.includes('read'));
  if (unread.length === 0) return [];
  const flagsOf = new Map(unread.map((u) => [u.id, u.flags as string[]]));
  const users = (await recipientRows(trx, sent, [...flagsOf.keys()])).filter((u) => u.is_active && !u.is_bot);
  if (users.length === 0) return [];
  const facts = sent.stream ? await streamFacts(trx, sent.stream.id, sent.stream.topic, users.map((u) => u.id)) : new Map<number, StreamFacts>();
  const decisions: NotificationDecision[] = [];
  for (const user of users) {
    const flags = flagsOf.get(user.id) ?? [];
    const triggerOf = (channel: Channel) => channelTrigger(channel, user, flags, sent.kind === 'private', facts.get(user.id));
    const triggers = { email: triggerOf('email'), mobile_push: triggerOf('mobile_push'), web_push: triggerOf('web_push') };
    if (CHANNELS.every((channel) => triggers[channel] === null)) continue;
    decisions.push({ userId: user.id, triggers, onlinePush: triggers.mobile_push !== null && setting(user, 'enable_online_push_notifications') });
  }
  return decisions;
}

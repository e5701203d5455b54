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
import { TOPIC_VISIBILITY } from '@chat/db';
import { LATER_SETTING_DEFAULTS, NOTIFICATION_DEFAULTS } from '@chat/views';
import type { SentMessage, SubscriberFacts } from '../lib/sent-message';
import { type Channel } from './channels';

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

// Web Push follows the desktop notification settings, as the web app's notifications do.
const DEFAULTS: Record<string, unknown> = { ...NOTIFICATION_DEFAULTS, ...LATER_SETTING_DEFAULTS };

function setting(settings: Record<string, unknown>, name: string): boolean {
  const value = settings[name];
  return typeof value === 'boolean' ? value : DEFAULTS[name] === true;
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

/** A recipient's stream-side facts, as the decision reads them. */
interface StreamSide {
  /** A muted topic is muted anywhere; an unmuted or followed one is not, even in a muted stream. */
  muted: boolean;
  followed: boolean;
  facts: SubscriberFacts;
}

function streamSide(facts: SubscriberFacts): StreamSide {
  const policy = facts.topicPolicy;
  return {
    muted: policy === TOPIC_VISIBILITY.MUTED || (facts.streamMuted && policy === TOPIC_VISIBILITY.INHERIT),
    followed: policy === TOPIC_VISIBILITY.FOLLOWED,
    facts,
  };
}

function channelTrigger(
  channel: Channel,
  settings: Record<string, unknown>,
  flags: string[],
  side: StreamSide | null,
): NotificationTrigger | null {
  const names = CHANNEL_SETTINGS[channel];
  const offline = setting(settings, names.offline);
  if (!side) return offline ? 'private_message' : null;
  if ((flags.includes('mentioned') || flags.includes('has_alert_word')) && offline) return 'mentioned';
  const topicWildcard = flags.includes('topic_wildcard_mentioned');
  const streamWildcard = flags.includes('stream_wildcard_mentioned');
  if (side.followed && offline && setting(settings, 'enable_followed_topic_wildcard_mentions_notify')) {
    if (topicWildcard) return 'topic_wildcard_mentioned_in_followed_topic';
    if (streamWildcard) return 'stream_wildcard_mentioned_in_followed_topic';
  }
  const wildcardNotify = side.facts.wildcard ?? setting(settings, 'wildcard_mentions_notify');
  if (!side.muted && offline && wildcardNotify) {
    if (topicWildcard) return 'topic_wildcard_mentioned';
    if (streamWildcard) return 'stream_wildcard_mentioned';
  }
  if (side.followed && setting(settings, names.followed))
    return channel === 'email' ? 'followed_topic_email_notify' : 'followed_topic_push_notify';
  if (!side.muted && (side.facts[names.sub] ?? setting(settings, names.stream)))
    return channel === 'email' ? 'stream_email_notify' : 'stream_push_notify';
  return null;
}

/** A recipient's settings and stream side, or null for one who is never notified (a bot, the deactivated). */
function recipientOf(sent: SentMessage, userId: number): { settings: Record<string, unknown>; side: StreamSide | null } | null {
  if (sent.stream) {
    const facts = sent.stream.subscribers.get(userId);
    return facts && !facts.isBot ? { settings: facts.settings, side: streamSide(facts) } : null;
  }
  const member = sent.members.find((u) => u.id === userId);
  return member && member.is_active && !member.is_bot ? { settings: member.settings, side: null } : null;
}

/**
 * The decisions for every recipient who gets at least one notification. No statement: what it
 * reads came with the send (a private message's members, a stream's subscribers).
 */
export function decideNotifications(sent: SentMessage): NotificationDecision[] {
  const decisions: NotificationDecision[] = [];
  for (const { id, flags } of sent.users) {
    if (id === sent.sender.id || flags.includes('read')) continue;
    const recipient = recipientOf(sent, id);
    if (!recipient) continue;
    const names: string[] = flags;
    const triggerOf = (channel: Channel) => channelTrigger(channel, recipient.settings, names, recipient.side);
    const triggers = { email: triggerOf('email'), mobile_push: triggerOf('mobile_push'), web_push: triggerOf('web_push') };
    if (triggers.email === null && triggers.mobile_push === null && triggers.web_push === null) continue;
    const onlinePush = triggers.mobile_push !== null && setting(recipient.settings, 'enable_online_push_notifications');
    decisions.push({ userId: id, triggers, onlinePush });
  }
  return decisions;
}

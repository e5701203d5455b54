/**
 * The realm options the message service obeys, read from realms.settings (jsonb, written by the
 * settings service) with Zulip 2.1's defaults for keys that were never set.
 */
import { getRealm, POLICY, type Executor } from '@chat/db';
import { REALM_PROPERTY_DEFAULTS } from '@chat/views';
import type { MovePolicy } from '../lib/move-permissions';

export interface MessagePolicy extends MovePolicy {
  allowMessageEditing: boolean;
  /** 0: no limit. */
  messageContentEditLimitSeconds: number;
  allowCommunityTopicEditing: boolean;
  allowMessageDeleting: boolean;
  /** 0: no limit. */
  messageContentDeleteLimitSeconds: number;
  allowEditHistory: boolean;
  /** mandatory_topics: stream messages may not have the empty topic. */
  topicsRequired: boolean;
  realmStr: string;
}

/** Zulip's default move_messages_between_streams_limit_seconds: a week. */
const DEFAULT_MOVE_BETWEEN_STREAMS_LIMIT_SECONDS = 7 * 86400;

function setting<T>(settings: Record<string, unknown>, key: string, fallback: T): T {
  const value = settings[key];
  return value === undefined || value === null || typeof value !== typeof fallback ? fallback : (value as T);
}

export async function messagePolicy(db: Executor, realmId: number): Promise<MessagePolicy> {
  const realm = await getRealm(db, realmId);
  const s = realm?.settings ?? {};
  return {
    allowMessageEditing: setting(s, 'allow_message_editing', true),
    messageContentEditLimitSeconds: setting(s, 'message_content_edit_limit_seconds', 600),
    allowCommunityTopicEditing: setting(s, 'allow_community_topic_editing', true),
    allowMessageDeleting: setting(s, 'allow_message_deleting', false),
    messageContentDeleteLimitSeconds: setting(s, 'message_content_delete_limit_seconds', 600),
    allowEditHistory: setting(s, 'allow_edit_history', true),
    topicsRequired: realmTopicsRequired(s),
    // Members, as Zulip's can_move_messages_between_channels_group defaults to (role:members).
    moveMessagesBetweenStreamsPolicy: setting(s, 'move_messages_between_streams_policy', POLICY.MEMBERS_ONLY),
    moveMessagesBetweenStreamsLimitSeconds: setting(
      s,
      'move_messages_between_streams_limit_seconds',
      DEFAULT_MOVE_BETWEEN_STREAMS_LIMIT_SECONDS,
    ),
    waitingPeriodThreshold: setting(s, 'waiting_period_threshold', 0),
    realmStr: realm?.string_id ?? '',
  };
}

function realmTopicsRequired(settings: Record<string, unknown>): boolean {
  return setting(settings, 'mandatory_topics', REALM_PROPERTY_DEFAULTS.mandatory_topics === true);
}

/** Whether the realm requires topics: read by a send only when its topic is empty. */
export async function topicsRequired(db: Executor, realmId: number): Promise<boolean> {
  return realmTopicsRequired((await getRealm(db, realmId))?.settings ?? {});
}

/** Every realm with its settings (the retention job reads each realm's message_retention_days). */
export async function realmsWithSettings(db: Executor): Promise<{ id: number; settings: Record<string, unknown> }[]> {
  return db('realms').select('id', 'settings');
}

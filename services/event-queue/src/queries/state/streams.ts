/**
 * subscription, stream, default_streams and muted_topics initial state (Zulip's
 * gather_subscriptions_helper, do_get_streams, get_default_streams_for_realm, get_topic_mutes).
 */
import { anyOf, defaultStreamsForRealm, mutedTopicTriples, toSeconds, type StreamRow } from '@chat/db';
import { byCodePoint, streamDict, subscriptionDicts, type SubscriptionRow } from '@chat/views';
import type { StateContext } from './users';

type Row = SubscriptionRow & { stream: StreamRow };

async function subscriberIds(ctx: StateContext, streamIds: number[]): Promise<Map<number, number[]>> {
  const byStream = new Map<number, number[]>();
  if (streamIds.length === 0) return byStream;
  const rows: { stream_id: number; user_id: number }[] = await ctx
    .db('subscriptions as s')
    .join('users as u', 'u.id', 's.user_id')
    .whereRaw(...anyOf('s.stream_id', streamIds))
    .where({ 's.active': true, 'u.is_active': true })
    .orderBy('s.user_id')
    .select('s.stream_id', 's.user_id');
  for (const row of rows) byStream.set(row.stream_id, [...(byStream.get(row.stream_id) ?? []), row.user_id]);
  return byStream;
}

export async function subscriptionState(ctx: StateContext, externalHost: string): Promise<Record<string, unknown>> {
  const { db, user } = ctx;
  // Archived streams only for a client that declared archived_channels (Zulip's include_archived_channels).
  const joinedQuery = db('subscriptions as sub').join('streams as s', 's.id', 'sub.stream_id').where({ 'sub.user_id': user.id });
  if (!ctx.archivedChannels) joinedQuery.where({ 's.deactivated': false });
  const joined: (SubscriptionRow & Record<string, unknown>)[] = await joinedQuery.select(
    'sub.*',
    db.raw('row_to_json(s.*) as stream_json'),
  );
  const rows: Row[] = joined.map(({ stream_json: json, ...sub }) => ({
    ...(sub as unknown as SubscriptionRow),
    stream: (typeof json === 'string' ? JSON.parse(json) : json) as StreamRow,
  }));
  const active = rows.filter((r) => r.active);
  const inactive = rows.filter((r) => !r.active);
  const known = new Set(rows.map((r) => r.stream_id));
  const realmQuery = db('streams').where({ realm_id: user.realm_id });
  if (!ctx.archivedChannels) realmQuery.where({ deactivated: false });
  const realmStreams: StreamRow[] = await realmQuery;
  // Guests see only their own streams; members public ones; administrators every stream.
  const never = realmStreams.filter((s) => !known.has(s.id) && user.role !== 'guest' && (!s.invite_only || user.role === 'admin'));
  const subscribers = ctx.includeSubscribers
    ? await subscriberIds(
        ctx,
        [...active, ...inactive].map((r) => r.stream_id).concat(never.filter((s) => !s.invite_only).map((s) => s.id)),
      )
    : undefined;
  const dicts = async (list: Row[]) =>
    (
      await subscriptionDicts(
        db,
        list.map((r) => ({ stream: r.stream, sub: r })),
        {
          externalHost,
          subscribers,
          inheritFrom: ctx.notificationSettingsNull ? undefined : user,
        },
      )
    ).sort((a, b) => byCodePoint(String(a.name), String(b.name)));
  return {
    subscriptions: await dicts(active),
    unsubscribed: await dicts(inactive),
    never_subscribed: never
      .map((s): Record<string, unknown> => ({
        ...streamDict(s),
        ...(subscribers && !s.invite_only ? { subscribers: subscribers.get(s.id) ?? [] } : {}),
      }))
      .sort((a, b) => byCodePoint(String(a.name), String(b.name))),
  };
}

/** `streams` never lists archived streams: Zulip added them for capable clients at level 378. */
export async function streamState(ctx: StateContext): Promise<Record<string, unknown>> {
  const { db, user } = ctx;
  const subscribed = () => db('subscriptions').where({ user_id: user.id, active: true }).select('stream_id');
  const query = db<StreamRow>('streams').where({ realm_id: user.realm_id, deactivated: false });
  // include_public (members) and include_subscribed, as do_get_streams' defaults.
  if (user.role === 'guest') {
    query.whereIn('id', subscribed());
  } else {
    query.where((q) => {
      q.where({ invite_only: false }).orWhereIn('id', subscribed());
    });
  }
  const streams = await query.orderBy('name');
  return { streams: streams.map(streamDict), stream_name_max_length: 60, stream_description_max_length: 1024 };
}

export async function defaultStreamsState(ctx: StateContext): Promise<Record<string, unknown>> {
  if (ctx.user.role === 'guest') return { realm_default_streams: [] };
  const { db, user } = ctx;
  return {
    realm_default_streams: await ctx.realmWide.get('realm_default_streams', async () =>
      (await defaultStreamsForRealm(db, user.realm_id)).map(streamDict),
    ),
  };
}

export async function mutedTopicsState(ctx: StateContext): Promise<Record<string, unknown>> {
  return { muted_topics: await mutedTopicTriples(ctx.db, ctx.user.id) };
}

/** Every topic the user set a visibility for, in streams still active (Zulip's get_user_topics). */
export async function userTopicsState(ctx: StateContext): Promise<Record<string, unknown>> {
  const rows: { stream_id: number; topic_name: string; date_muted: Date; visibility_policy: number }[] = await ctx
    .db('muted_topics as m')
    .join('streams as s', 's.id', 'm.stream_id')
    .where({ 'm.user_id': ctx.user.id, 's.deactivated': false })
    .orderBy('m.id')
    .select('m.stream_id', 'm.topic_name', 'm.date_muted', 'm.visibility_policy');
  return {
    user_topics: rows.map((r) => ({
      stream_id: r.stream_id,
      topic_name: r.topic_name,
      last_updated: toSeconds(r.date_muted),
      visibility_policy: r.visibility_policy,
    })),
  };
}

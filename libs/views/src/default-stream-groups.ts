/**
 * The realm's default stream groups as Zulip 2.1 shows them (default_stream_groups_to_dicts_sorted):
 * by name, each with its active streams. The subscription service sends them in the
 * `default_stream_groups` event; the event-queue service puts them in /register's state.
 */
import type { Executor, StreamRow } from '@chat/db';
import { streamDict, type StreamDict } from './streams';

export interface DefaultStreamGroupDict {
  id: number;
  name: string;
  description: string;
  streams: StreamDict[];
}

export async function defaultStreamGroupDicts(db: Executor, realmId: number): Promise<DefaultStreamGroupDict[]> {
  const groups: { id: number; name: string; description: string }[] = await db('default_stream_groups')
    .where({ realm_id: realmId })
    .select('id', 'name', 'description');
  const members: (StreamRow & { group_id: number })[] = await db('default_stream_group_streams as g')
    .join('streams as s', 's.id', 'g.stream_id')
    .whereIn('g.group_id', db('default_stream_groups').where({ realm_id: realmId }).select('id'))
    .where({ 's.deactivated': false })
    .orderBy('s.id')
    .select('s.*', 'g.group_id');
  return groups
    .map((group) => ({ ...group, streams: members.filter((m) => m.group_id === group.id).map((m) => streamDict(m)) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Reads of the realm's default stream groups, for the administrators' changes to them. */
import { noSuchDefaultStreamGroup } from '@chat/contracts';
import type { Executor } from '@chat/db';

export interface GroupRow {
  id: number;
  name: string;
  description: string;
}

/** The group, locked for the rest of the caller's transaction; Zulip's error when the realm has none of that id. */
export async function accessGroup(db: Executor, realmId: number, groupId: number): Promise<GroupRow> {
  const group: GroupRow | undefined = await db('default_stream_groups')
    .where({ realm_id: realmId, id: groupId })
    .forUpdate()
    .first('id', 'name', 'description');
  if (!group) throw noSuchDefaultStreamGroup(groupId);
  return group;
}

export async function groupNameInUse(db: Executor, realmId: number, name: string): Promise<boolean> {
  return (await db('default_stream_groups').where({ realm_id: realmId, name }).first('id')) !== undefined;
}

export async function groupStreamIds(db: Executor, groupId: number): Promise<Set<number>> {
  return new Set((await db('default_stream_group_streams').where({ group_id: groupId }).pluck('stream_id')) as number[]);
}

import { anyOf, type Executor } from '@chat/db';

/**
 * Zulip's get_user_group_mentions_data: for each member of the mentioned groups who was not
 * mentioned by name, the group their notification names; of several, the one with fewer members.
 */
export async function groupMentionOf(db: Executor, groupIds: number[], personallyMentioned: Set<number>): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const rows: { user_group_id: number; user_id: number }[] = await db('user_group_members')
    .whereRaw(...anyOf('user_group_id', groupIds))
    .select('user_group_id', 'user_id');
  const members = new Map<number, number[]>(groupIds.map((id) => [id, []]));
  for (const row of rows) members.get(row.user_group_id)?.push(row.user_id);
  const chosen = new Map<number, number>();
  for (const groupId of groupIds) {
    const size = members.get(groupId)!.length;
    for (const userId of members.get(groupId)!) {
      if (personallyMentioned.has(userId)) continue;
      const previous = chosen.get(userId);
      if (previous === undefined || members.get(previous)!.length > size) chosen.set(userId, groupId);
    }
  }
  return chosen;
}

/**
 * A user's system group follows their role (@chat/db SYSTEM_GROUPS): a new user joins the group
 * of their role and a role change moves them, each told to the realm as Zulip's user_group
 * add_members / remove_members, so clients resolving permissions through the groups stay right.
 */
import { systemGroupId, systemGroupOfRole, type Executor, type Role } from '@chat/db';
import { userEventNotice, type UserEventNotice } from '@chat/events';

/** `recipients`: the realm's active users, whom the caller is telling of the user already. */
export async function systemGroupNotices(
  db: Executor,
  realmId: number,
  change: { userId: number; from: Role | null; to: Role },
  recipients: number[],
): Promise<UserEventNotice[]> {
  const notice = async (op: 'add_members' | 'remove_members', role: Role): Promise<UserEventNotice[]> => {
    const groupId = await systemGroupId(db, realmId, systemGroupOfRole(role));
    return groupId === undefined
      ? []
      : [userEventNotice(realmId, { type: 'user_group', op, group_id: groupId, user_ids: [change.userId] }, recipients)];
  };
  return [...(change.from === null ? [] : await notice('remove_members', change.from)), ...(await notice('add_members', change.to))];
}

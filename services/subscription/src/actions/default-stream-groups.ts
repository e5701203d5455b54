/**
 * Default stream groups (Zulip 2.1's do_create_default_stream_group and its kin): administrators
 * name sets of streams new users may pick from. A default stream cannot be in a group. Every
 * change sends `default_stream_groups` with the realm's whole list to its active non-guest users,
 * as notify_default_stream_groups does; each write is one transaction with its notice.
 */
import { badRequest, plainError } from '@chat/errors';
import { anyOf, writeNotices, type Database, type Executor, type StreamRow } from '@chat/db';
import type { Caller } from '../lib/caller';
import { accessStreamByName } from '../queries/access';
import { accessGroup, groupNameInUse, groupStreamIds, type GroupRow } from '../queries/default-stream-groups';
import { defaultStreamIds } from '../queries/streams';
import { defaultStreamGroupsNotice } from './default-stream-notices';

/** DefaultStreamGroup.MAX_NAME_LENGTH. */
const MAX_GROUP_NAME_LENGTH = 60;

function checkGroupName(name: string): void {
  if (name.trim() === '') throw badRequest(`Invalid default stream group name '${name}'`);
  if ([...name].length > MAX_GROUP_NAME_LENGTH)
    throw badRequest(`Default stream group name too long (limit: ${MAX_GROUP_NAME_LENGTH} characters)`);
  if (name.includes('\0')) throw badRequest(`Default stream group name '${name}' contains NULL (0x00) characters.`);
}

/** The named streams, each as the caller may access it (access_stream_by_name). */
async function accessStreams(db: Executor, caller: Caller, names: string[]): Promise<StreamRow[]> {
  const streams: StreamRow[] = [];
  for (const name of names) streams.push((await accessStreamByName(db, caller, name)).stream);
  return streams;
}

async function refuseDefaultStreams(db: Executor, realmId: number, streams: StreamRow[], groupName: string): Promise<void> {
  const defaults = await defaultStreamIds(db, realmId);
  const found = streams.find((s) => defaults.has(s.id));
  if (found) throw badRequest(`'${found.name}' is a default stream and cannot be added to '${groupName}'`);
}

/** Runs a change in one transaction and sends the realm's groups after it. */
async function changeGroups(db: Database, realmId: number, change: (trx: Executor) => Promise<void>): Promise<void> {
  await db.knex.transaction(async (trx) => {
    await change(trx);
    await writeNotices(trx, await defaultStreamGroupsNotice(trx, realmId));
  });
}

export async function doCreateDefaultStreamGroup(
  db: Database,
  caller: Caller,
  name: string,
  description: string,
  streamNames: string[],
): Promise<void> {
  await changeGroups(db, caller.realmId, async (trx) => {
    // A set, as Zulip's group.streams.set: a name given twice is looked up once.
    const streams = await accessStreams(trx, caller, [...new Set(streamNames)]);
    await refuseDefaultStreams(trx, caller.realmId, streams, name);
    checkGroupName(name);
    const inserted = (await trx('default_stream_groups')
      .insert({ realm_id: caller.realmId, name, description })
      .onConflict(['realm_id', 'name'])
      .ignore()
      .returning('id')) as { id: number }[];
    if (inserted.length === 0) throw badRequest(`Default stream group '${name}' already exists`);
    const ids = [...new Set(streams.map((s) => s.id))];
    if (ids.length > 0)
      await trx('default_stream_group_streams').insert(ids.map((stream_id) => ({ group_id: inserted[0]!.id, stream_id })));
  });
}

export interface GroupChange {
  newName: string | undefined;
  newDescription: string | undefined;
}

/** A rename must name something new and valid that no other group of the realm has. */
async function checkGroupRename(trx: Executor, realmId: number, group: GroupRow, newName: string): Promise<void> {
  if (group.name === newName) throw badRequest(`This default stream group is already named '${newName}'`);
  // Zulip 2.1 checks a new group's name only; a rename past the column's limit failed there.
  checkGroupName(newName);
  if (await groupNameInUse(trx, realmId, newName)) throw badRequest(`Default stream group '${newName}' already exists`);
}

export async function doUpdateDefaultStreamGroup(db: Database, caller: Caller, groupId: number, change: GroupChange): Promise<void> {
  // Zulip tests truthiness: an empty name and an empty description are nothing to do.
  if (!change.newName && !change.newDescription) throw plainError('You must pass "new_description" or "new_group_name".');
  await changeGroups(db, caller.realmId, async (trx) => {
    const group = await accessGroup(trx, caller.realmId, groupId);
    if (change.newName !== undefined) {
      await checkGroupRename(trx, caller.realmId, group, change.newName);
      await trx('default_stream_groups').where({ id: group.id }).update({ name: change.newName });
    }
    if (change.newDescription !== undefined)
      await trx('default_stream_groups').where({ id: group.id }).update({ description: change.newDescription });
  });
}

export async function doRemoveDefaultStreamGroup(db: Database, caller: Caller, groupId: number): Promise<void> {
  await changeGroups(db, caller.realmId, async (trx) => {
    const group = await accessGroup(trx, caller.realmId, groupId);
    await trx('default_stream_groups').where({ id: group.id }).del();
  });
}

/** Streams to add must be in no default stream list and not yet in the group, each named once. */
async function checkAddGroupStreams(trx: Executor, caller: Caller, group: GroupRow, streams: StreamRow[]): Promise<void> {
  await refuseDefaultStreams(trx, caller.realmId, streams, group.name);
  const present = await groupStreamIds(trx, group.id);
  for (const stream of streams) {
    if (present.has(stream.id)) throw badRequest(`Stream '${stream.name}' is already present in default stream group '${group.name}'`);
    present.add(stream.id);
  }
}

/** Streams to remove must be in the group, each named once. */
async function checkRemoveGroupStreams(trx: Executor, group: GroupRow, streams: StreamRow[]): Promise<void> {
  const present = await groupStreamIds(trx, group.id);
  for (const stream of streams) {
    if (!present.has(stream.id)) throw badRequest(`Stream '${stream.name}' is not present in default stream group '${group.name}'`);
    present.delete(stream.id);
  }
}

export async function doUpdateDefaultStreamGroupStreams(
  db: Database,
  caller: Caller,
  groupId: number,
  op: string,
  streamNames: string[],
): Promise<void> {
  await changeGroups(db, caller.realmId, async (trx) => {
    const group = await accessGroup(trx, caller.realmId, groupId);
    const streams = await accessStreams(trx, caller, streamNames);
    const streamIds = streams.map((s) => s.id);
    if (op === 'add') {
      await checkAddGroupStreams(trx, caller, group, streams);
      if (streamIds.length > 0)
        await trx('default_stream_group_streams').insert(streamIds.map((stream_id) => ({ group_id: group.id, stream_id })));
    } else if (op === 'remove') {
      await checkRemoveGroupStreams(trx, group, streams);
      if (streamIds.length > 0)
        await trx('default_stream_group_streams')
          .where({ group_id: group.id })
          .whereRaw(...anyOf('stream_id', streamIds))
          .del();
    } else {
      throw plainError('Invalid value for "op". Specify one of "add" or "remove".');
    }
  });
}

import { check, checkInt, checkList, defineEndpoint, p } from '@chat/http';
import type { SettingsContext } from '../app';
import { createUserGroup, deleteUserGroup, listUserGroups, updateUserGroup, updateUserGroupMembers } from '../domain/user-groups';

const groupId = { user_group_id: p.int({ required: true }) };
/** Checked by the handler (Zulip's check_list(check_int) messages), so the schema does not restrict it. */
const intList = { description: 'JSON list of user ids' };

export function userGroupEndpoints(ctx: SettingsContext) {
  return [
    defineEndpoint({
      method: 'GET',
      path: '/user_groups',
      auth: 'user',
      params: {},
      handler: ({ identity }) => listUserGroups(ctx, identity.realmId),
    }),
    defineEndpoint({
      method: 'POST',
      path: '/user_groups/create',
      auth: 'user',
      params: {
        name: p.string({ required: true }),
        description: p.string({ required: true }),
        members: p.json<unknown>({ required: true, schema: intList }),
      },
      handler: ({ identity, params }) =>
        createUserGroup(ctx, identity.realmId, identity.userId, {
          name: params.name,
          description: params.description,
          members: check<number[]>(checkList(checkInt), 'members', params.members),
        }),
    }),
    defineEndpoint({
      method: 'PATCH',
      path: '/user_groups/:user_group_id',
      auth: 'user',
      params: {
        ...groupId,
        // Plain strings; an empty one means "unchanged", as Zulip's edit_user_group.
        name: p.string({ default: '' }),
        description: p.string({ default: '' }),
      },
      handler: ({ identity, params }) =>
        updateUserGroup(ctx, identity.realmId, identity.userId, params.user_group_id, {
          name: params.name || undefined,
          description: params.description || undefined,
        }),
    }),
    defineEndpoint({
      method: 'DELETE',
      path: '/user_groups/:user_group_id',
      auth: 'user',
      params: groupId,
      handler: ({ identity, params }) => deleteUserGroup(ctx, identity.realmId, identity.userId, params.user_group_id),
    }),
    defineEndpoint({
      method: 'POST',
      path: '/user_groups/:user_group_id/members',
      auth: 'user',
      params: {
        ...groupId,
        add: p.json<unknown>({ default: [], schema: intList }),
        delete: p.json<unknown>({ default: [], schema: intList }),
      },
      handler: ({ identity, params }) =>
        updateUserGroupMembers(ctx, identity.realmId, identity.userId, params.user_group_id, {
          add: check<number[]>(checkList(checkInt), 'add', params.add),
          delete: check<number[]>(checkList(checkInt), 'delete', params.delete),
        }),
    }),
  ];
}

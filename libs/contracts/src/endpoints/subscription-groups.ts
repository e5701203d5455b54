/**
 * Default stream groups (Zulip 2.1's DefaultStreamGroup): named sets of streams an organization
 * offers new users, managed by administrators. Spread into subscriptionEndpoints (subscription.ts).
 */
import { badRequest } from '@chat/errors';
import * as p from '../params';
import { jsonOrPlainString, stringList } from '../validators';

/** Zulip's access_default_stream_group_by_id answer, also for an id past the column's range. */
export function noSuchDefaultStreamGroup(id: string | number) {
  return badRequest(`Default stream group with id '${id}' does not exist.`);
}

const groupIdParam = p.int({
  required: true,
  schema: { minimum: 0 },
  rangeError: (_name, raw) => noSuchDefaultStreamGroup(raw),
  description: 'The id of the group, as in the `default_stream_groups` of POST /register.',
  example: 1,
});
/** 2.1 took the new name and description JSON-encoded; a plain string is taken too, as Zulip does now. */
const text = (docs: p.ParamDocs) => p.custom((raw) => jsonOrPlainString(raw), { encoding: 'plain-or-json', ...docs });
/** Verona, the development realm's default stream, cannot be in a group: the examples name others. */
const streamNames = (description: string) => p.custom(stringList, { required: true, description, example: ['Denmark', 'Scotland'] });

/** What every change of a group ends with. */
const NOTICE = "Every active user who is not a guest receives the realm's whole list of groups again (a `default_stream_groups` event).";

export const defaultStreamGroupEndpoints = {
  createDefaultStreamGroup: {
    method: 'POST',
    path: '/default_stream_groups/create',
    auth: 'user',
    summary: 'Create a default stream group: a named set of streams offered to new users (administrators)',
    description:
      'Creates a named group of streams that people joining the realm may choose to subscribe to. The names must be unique in ' +
      `the realm, and a stream that is already a default stream cannot be in a group. Administrators only. ${NOTICE}`,
    params: {
      group_name: p.string({ required: true, description: 'The name of the group (at most 60 characters).', example: 'Scandinavia' }),
      description: p.string({
        required: true,
        description: 'What the group is for, shown to new users.',
        example: 'Streams about the north',
      }),
      stream_names: streamNames('The streams of the group, by name, as a JSON list.'),
    },
    success: {},
  },
  updateDefaultStreamGroup: {
    method: 'PATCH',
    path: '/default_stream_groups/:group_id',
    auth: 'user',
    summary: 'Rename a default stream group or change its description (administrators)',
    description: `Renames a default stream group, changes its description, or both; at least one must be given. Administrators only. ${NOTICE}`,
    params: {
      group_id: groupIdParam,
      new_group_name: text({
        description: 'Its new name, plain or as a JSON string; it must differ from the current one.',
        example: 'The North',
      }),
      new_description: text({
        description: 'Its new description, plain or as a JSON string.',
        example: 'Streams about Denmark and Scotland',
        sample: false,
      }),
    },
    success: {},
  },
  removeDefaultStreamGroup: {
    method: 'DELETE',
    path: '/default_stream_groups/:group_id',
    auth: 'user',
    summary: 'Delete a default stream group (administrators)',
    description: `Deletes a default stream group; its streams and their subscribers are left as they are. Administrators only. ${NOTICE}`,
    params: { group_id: groupIdParam },
    success: {},
  },
  updateDefaultStreamGroupStreams: {
    method: 'PATCH',
    path: '/default_stream_groups/:group_id/streams',
    auth: 'user',
    summary: 'Add streams to a default stream group or remove them (`op` add or remove; administrators)',
    description:
      'Adds streams to a default stream group or removes them from it. Adding a stream already there, or a default stream, ' +
      `and removing one that is not there fail the whole request. Administrators only. ${NOTICE}`,
    params: {
      group_id: groupIdParam,
      op: p.string({ required: true, description: '`add` or `remove`.', example: 'remove' }),
      stream_names: streamNames('The streams to add or remove, by name, as a JSON list.'),
    },
    success: {},
  },
} as const;

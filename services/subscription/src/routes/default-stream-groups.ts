/** /default_stream_groups/...: administrators only (Zulip's require_realm_admin), checked first. */
import { subscriptionEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import {
  doCreateDefaultStreamGroup,
  doRemoveDefaultStreamGroup,
  doUpdateDefaultStreamGroup,
  doUpdateDefaultStreamGroupStreams,
} from '../actions/default-stream-groups';
import type { SubscriptionDeps } from '../deps';
import { requireAdmin, type Caller } from '../lib/caller';

export function defaultStreamGroupEndpoints(deps: SubscriptionDeps) {
  const asAdmin = async (caller: Caller, action: () => Promise<void>) => {
    requireAdmin(caller);
    await action();
  };
  return [
    implement(api.createDefaultStreamGroup, ({ params, identity }) =>
      asAdmin(identity, () => doCreateDefaultStreamGroup(deps.db, identity, params.group_name, params.description, params.stream_names)),
    ),
    implement(api.updateDefaultStreamGroup, ({ params, identity }) =>
      asAdmin(identity, () =>
        doUpdateDefaultStreamGroup(deps.db, identity, params.group_id, {
          newName: params.new_group_name,
          newDescription: params.new_description,
        }),
      ),
    ),
    implement(api.removeDefaultStreamGroup, ({ params, identity }) =>
      asAdmin(identity, () => doRemoveDefaultStreamGroup(deps.db, identity, params.group_id)),
    ),
    implement(api.updateDefaultStreamGroupStreams, ({ params, identity }) =>
      asAdmin(identity, () => doUpdateDefaultStreamGroupStreams(deps.db, identity, params.group_id, params.op, params.stream_names)),
    ),
  ];
}

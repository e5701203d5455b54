/** /default_stream_groups/...: administrators only (Zulip's require_realm_admin), checked first. */
import { subscriptionEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SubscriptionDeps } from '../app';
import { requireAdmin, type Caller } from '../domain/access';
import {
  createDefaultStreamGroup,
  removeDefaultStreamGroup,
  updateDefaultStreamGroup,
  updateDefaultStreamGroupStreams,
} from '../domain/default-stream-groups';

export function defaultStreamGroupEndpoints(deps: SubscriptionDeps) {
  const asAdmin = async (caller: Caller, action: () => Promise<void>) => {
    requireAdmin(caller);
    await action();
    deps.onCommit?.();
  };
  return [
    implement(api.createDefaultStreamGroup, ({ params, identity }) =>
      asAdmin(identity, () => createDefaultStreamGroup(deps.db, identity, params.group_name, params.description, params.stream_names)),
    ),
    implement(api.updateDefaultStreamGroup, ({ params, identity }) =>
      asAdmin(identity, () =>
        updateDefaultStreamGroup(deps.db, identity, params.group_id, { newName: params.new_group_name, newDescription: params.new_description }),
      ),
    ),
    implement(api.removeDefaultStreamGroup, ({ params, identity }) => asAdmin(identity, () => removeDefaultStreamGroup(deps.db, identity, params.group_id))),
    implement(api.updateDefaultStreamGroupStreams, ({ params, identity }) =>
      asAdmin(identity, () => updateDefaultStreamGroupStreams(deps.db, identity, params.group_id, params.op, params.stream_names)),
    ),
  ];
}

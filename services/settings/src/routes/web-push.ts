import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { addWebPushSubscription, removeGoneWebPushSubscription, removeWebPushSubscription } from '../actions/web-push-subscriptions';

export function webPushEndpoints(ctx: SettingsContext) {
  return [
    implement(api.addWebPushSubscription, ({ identity, params }) => addWebPushSubscription(ctx, identity, params)),
    implement(api.removeWebPushSubscription, ({ identity, params }) => removeWebPushSubscription(ctx, identity, params.endpoint)),
    implement(api.removeGoneWebPushSubscription, ({ params }) => removeGoneWebPushSubscription(ctx, params.endpoint)),
  ];
}

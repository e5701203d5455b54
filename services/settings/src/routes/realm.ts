import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../app';
import { REALM_PROPERTY_TYPES, updateRealm, type RealmProperty } from '../domain/realm-admin';

export function realmEndpoints(ctx: SettingsContext) {
  return [
    implement(api.updateRealm, ({ identity, params }) => {
      const properties = Object.fromEntries(
        (Object.keys(REALM_PROPERTY_TYPES) as RealmProperty[]).filter((key) => params[key] !== undefined).map((key) => [key, params[key]]),
      );
      return updateRealm(ctx, identity.realmId, identity.userId, {
        properties,
        allow_message_editing: params.allow_message_editing,
        allow_community_topic_editing: params.allow_community_topic_editing,
        message_content_edit_limit_seconds: params.message_content_edit_limit_seconds,
        message_content_delete_limit_seconds: params.message_content_delete_limit_seconds,
        authentication_methods: params.authentication_methods,
      });
    }),
  ];
}

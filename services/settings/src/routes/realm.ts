import { checkBool, checkDictOf, defineEndpoint, jsonOrPlainString, nonNegativeInt, p, validatedJson, type ParamSpec } from '@chat/http';
import { badRequest } from '@chat/errors';
import type { SettingsContext } from '../app';
import { REALM_PROPERTY_TYPES, updateRealm, type RealmProperty } from '../domain/realm-admin';


/** check_int that also takes JSON null (message_retention_days: forever). */
function nullableInt(raw: string, name: string): number | null {
  if (raw.trim() === 'null') return null;
  if (!/^-?\d+$/.test(raw.trim()) || Math.abs(Number(raw.trim())) > 2147483647) throw badRequest(`${name} is not an integer`);
  return Number(raw.trim());
}

const authMethods = validatedJson<Record<string, boolean>>(checkDictOf(checkBool));

function propertyParam(key: RealmProperty): ParamSpec<unknown, false> {
  const kind = REALM_PROPERTY_TYPES[key];
  if (kind === 'bool') return p.bool();
  if (kind === 'string') return p.custom((raw) => jsonOrPlainString(raw));
  if (key === 'message_retention_days') return p.custom(nullableInt);
  if (key === 'waiting_period_threshold') return p.custom(nonNegativeInt);
  return p.int();
}

const propertyParams = Object.fromEntries((Object.keys(REALM_PROPERTY_TYPES) as RealmProperty[]).map((key) => [key, propertyParam(key)]));

export function realmEndpoints(ctx: SettingsContext) {
  return [
    defineEndpoint({
      method: 'PATCH',
      path: '/realm',
      auth: 'user',
      params: {
        ...propertyParams,
        allow_message_editing: p.bool(),
        allow_community_topic_editing: p.bool(),
        message_content_edit_limit_seconds: p.custom(nonNegativeInt),
        message_content_delete_limit_seconds: p.custom(nonNegativeInt),
        authentication_methods: p.custom(authMethods),
      },
      handler: ({ identity, params }) => {
        const all = params as Record<string, unknown>;
        const properties = Object.fromEntries(
          (Object.keys(REALM_PROPERTY_TYPES) as RealmProperty[]).filter((key) => all[key] !== undefined).map((key) => [key, all[key]]),
        );
        return updateRealm(ctx, identity.realmId, identity.userId, {
          properties,
          allow_message_editing: params.allow_message_editing,
          allow_community_topic_editing: params.allow_community_topic_editing,
          message_content_edit_limit_seconds: params.message_content_edit_limit_seconds,
          message_content_delete_limit_seconds: params.message_content_delete_limit_seconds,
          authentication_methods: params.authentication_methods,
        });
      },
    }),
  ];
}

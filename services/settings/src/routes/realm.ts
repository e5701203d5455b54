import { defineEndpoint, p, type ParamSpec } from '@chat/http';
import { badRequest, invalidArgument } from '@chat/errors';
import type { SettingsContext } from '../app';
import { jsonOrPlainString } from '../domain/common';
import { REALM_PROPERTY_TYPES, updateRealm, type RealmProperty } from '../domain/realm-admin';

/** Zulip's to_non_negative_int converter. */
function nonNegativeInt(raw: string, name: string): number {
  const text = raw.trim();
  // Stored in PostgreSQL integer columns by Zulip; larger values are refused.
  if (!/^\d+$/.test(text) || Number(text) > 2147483647) throw invalidArgument(name, raw);
  return Number(text);
}

/** check_int that also takes JSON null (message_retention_days: forever). */
function nullableInt(raw: string, name: string): number | null {
  if (raw.trim() === 'null') return null;
  if (!/^-?\d+$/.test(raw.trim()) || Math.abs(Number(raw.trim())) > 2147483647) throw badRequest(`${name} is not an integer`);
  return Number(raw.trim());
}

function authMethods(raw: string, name: string): Record<string, boolean> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`Argument "${name}" is not valid JSON.`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest(`${name} is not a dict`);
  for (const [key, v] of Object.entries(value)) {
    // The dict is stored as jsonb, which cannot hold NUL.
    if (key.includes('\u0000')) throw invalidArgument(name, raw);
    if (typeof v !== 'boolean') throw badRequest(`${name}["${key}"] is not a boolean`);
  }
  return value as Record<string, boolean>;
}

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

/** Presence and user status: Zulip 2.1's /users/me/presence, /realm/presence, /users/{email}/presence, /users/me/status. */
import type { Request } from 'express';
import { clientName, defineEndpoint, p } from '@chat/http';
import type { SettingsContext } from '../app';
import { getUserPresence, presenceResponse, updatePresence, updateUserStatus } from '../domain/presence';

/** The client name as recorded: PostgreSQL text cannot hold NUL, so those characters are dropped. */
function recordedClient(req: Request): string {
  return clientName(req).split('\u0000').join('') || 'Unspecified';
}

export function presenceEndpoints(ctx: SettingsContext) {
  return [
    defineEndpoint({
      method: 'POST',
      path: '/users/me/presence',
      auth: 'user',
      params: {
        status: p.string({ required: true }),
        ping_only: p.bool({ default: false }),
        new_user_input: p.bool({ default: false }),
      },
      handler: ({ identity, params, req }) =>
        updatePresence(ctx, identity.realmId, identity.userId, { status: params.status, pingOnly: params.ping_only, client: recordedClient(req) }),
    }),
    defineEndpoint({
      method: 'GET',
      path: '/realm/presence',
      auth: 'user',
      params: {},
      handler: ({ identity }) => presenceResponse(ctx, identity.realmId),
    }),
    defineEndpoint({
      method: 'GET',
      path: '/users/:email/presence',
      auth: 'user',
      params: { email: p.string({ required: true }) },
      handler: ({ identity, params }) => getUserPresence(ctx, identity.realmId, params.email),
    }),
    defineEndpoint({
      method: 'PUT',
      path: '/users/me/status',
      auth: 'user',
      params: { away: p.bool(), status_text: p.string() },
      handler: ({ identity, params, req }) =>
        updateUserStatus(ctx, identity.realmId, identity.userId, { away: params.away, statusText: params.status_text, client: recordedClient(req) }),
    }),
  ];
}

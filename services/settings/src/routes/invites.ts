import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../app';
import { createMultiuseInvite, inviteUsers, listInvites, resendInvite, revokeInvite } from '../domain/invites/invites';
import { describeInvitation, signUp } from '../domain/invites/signup';

/** Invitations and the sign-up that accepts them. */
export function inviteEndpoints(ctx: SettingsContext) {
  return [
    implement(api.getInvites, ({ identity }) => listInvites(ctx, identity.realmId, identity.userId)),
    implement(api.inviteUsers, async ({ params, identity }) => {
      await inviteUsers(ctx, identity.realmId, identity.userId, { inviteeEmails: params.invitee_emails, streamIds: params.stream_ids, inviteAs: params.invite_as });
    }),
    implement(api.revokeInvite, async ({ params, identity }) => {
      await revokeInvite(ctx, identity.realmId, identity.userId, params.prereg_id, false);
    }),
    implement(api.resendInvite, ({ params, identity }) => resendInvite(ctx, identity.realmId, identity.userId, params.prereg_id)),
    implement(api.createMultiuseInvite, ({ params, identity }) =>
      createMultiuseInvite(ctx, identity.realmId, identity.userId, { streamIds: params.stream_ids, inviteAs: params.invite_as }),
    ),
    implement(api.revokeMultiuseInvite, async ({ params, identity }) => {
      await revokeInvite(ctx, identity.realmId, identity.userId, params.invite_id, true);
    }),
    implement(api.webInvitation, ({ params, identity }) => describeInvitation(ctx, identity.realmId, params.key)),
    implement(api.webSignup, ({ params, identity, req, res }) =>
      signUp(ctx, identity.realmId, { key: params.key, fullName: params.full_name, password: params.password, email: params.email }, req, res),
    ),
  ];
}

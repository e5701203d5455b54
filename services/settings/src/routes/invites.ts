import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doCreateMultiuseInvite, doResendInvite, doRevokeInvite } from '../actions/invitations';
import { doInviteUsers } from '../actions/invite-users';
import { doSignUp } from '../actions/signup';
import { doRequestSignupLink } from '../actions/signup-request';
import { describeInvitation, listInvites } from '../queries/invitations';

/** Invitations and the sign-up that accepts them. */
export function inviteEndpoints(ctx: SettingsContext) {
  return [
    implement(api.getInvites, ({ identity }) => listInvites(ctx, identity.realmId, identity.userId)),
    implement(api.inviteUsers, async ({ params, identity }) => {
      await doInviteUsers(ctx, identity.realmId, identity.userId, {
        inviteeEmails: params.invitee_emails,
        streamIds: params.stream_ids,
        inviteAs: params.invite_as,
      });
    }),
    implement(api.revokeInvite, async ({ params, identity }) => {
      await doRevokeInvite(ctx, identity.realmId, identity.userId, params.prereg_id, false);
    }),
    implement(api.resendInvite, ({ params, identity }) => doResendInvite(ctx, identity.realmId, identity.userId, params.prereg_id)),
    implement(api.createMultiuseInvite, ({ params, identity }) =>
      doCreateMultiuseInvite(ctx, identity.realmId, identity.userId, { streamIds: params.stream_ids, inviteAs: params.invite_as }),
    ),
    implement(api.revokeMultiuseInvite, async ({ params, identity }) => {
      await doRevokeInvite(ctx, identity.realmId, identity.userId, params.invite_id, true);
    }),
    implement(api.webInvitation, ({ params, identity }) => describeInvitation(ctx, identity.realmId, params.key)),
    implement(api.webJoin, async ({ params, identity }) => {
      const clientAddress = identity.kind === 'anonymous' ? identity.clientAddress : undefined;
      await doRequestSignupLink(ctx, identity.realmId, clientAddress, { key: params.key, email: params.email });
    }),
    implement(api.webSignup, ({ params, identity, req, res }) =>
      doSignUp(ctx, identity.realmId, { key: params.key, fullName: params.full_name, password: params.password }, req, res),
    ),
  ];
}

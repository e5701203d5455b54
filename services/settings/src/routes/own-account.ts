import { settingsEndpoints as api } from '@chat/contracts';
import { implement, RESPONDED } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doDeleteOwnAvatar, doUploadOwnAvatar } from '../actions/avatar';
import { doChangeEnterSends } from '../actions/own-account';
import { avatarRedirect } from '../queries/avatars';

export function ownAccountEndpoints(ctx: SettingsContext) {
  const redirectToAvatar = (contract: typeof api.getAvatar | typeof api.getMediumAvatar, medium: boolean) =>
    implement(contract, async ({ identity, params, req, res }): Promise<typeof RESPONDED> => {
      res.redirect(302, await avatarRedirect(ctx, identity.realmId, params.user, medium, req.originalUrl));
      return RESPONDED;
    });
  return [
    redirectToAvatar(api.getAvatar, false),
    redirectToAvatar(api.getMediumAvatar, true),
    implement(api.changeEnterSends, ({ identity, params }) =>
      doChangeEnterSends(ctx, identity.realmId, identity.userId, params.enter_sends),
    ),
    implement(api.uploadOwnAvatar, ({ identity, req, rawBody }) =>
      doUploadOwnAvatar(ctx, identity.realmId, identity.userId, { contentType: req.header('content-type'), body: rawBody }),
    ),
    implement(api.deleteOwnAvatar, ({ identity }) => doDeleteOwnAvatar(ctx, identity.realmId, identity.userId)),
  ];
}

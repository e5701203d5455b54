import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doDeleteOwnAvatar, doUploadOwnAvatar } from '../actions/avatar';
import { doChangeEnterSends } from '../actions/own-account';

export function ownAccountEndpoints(ctx: SettingsContext) {
  return [
    implement(api.changeEnterSends, ({ identity, params }) =>
      doChangeEnterSends(ctx, identity.realmId, identity.userId, params.enter_sends),
    ),
    implement(api.uploadOwnAvatar, ({ identity, req, rawBody }) =>
      doUploadOwnAvatar(ctx, identity.realmId, identity.userId, { contentType: req.header('content-type'), body: rawBody }),
    ),
    implement(api.deleteOwnAvatar, ({ identity }) => doDeleteOwnAvatar(ctx, identity.realmId, identity.userId)),
  ];
}

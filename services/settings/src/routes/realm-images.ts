import { settingsEndpoints as api } from '@chat/contracts';
import { implement, RESPONDED } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doDeleteRealmIcon, doDeleteRealmLogo, doUploadRealmIcon, doUploadRealmLogo } from '../actions/realm-images';
import { realmImageRedirect } from '../queries/realm';

/** `night` as the declared parameter converts it, for the copy that comes inside the upload's form. */
const parseNight = (raw: string) => api.uploadRealmLogo.params.night.convert(raw, 'night') as boolean;

export function realmImageEndpoints(ctx: SettingsContext) {
  return [
    implement(api.uploadRealmIcon, ({ identity, req, rawBody }) =>
      doUploadRealmIcon(ctx, identity.realmId, identity.userId, { contentType: req.header('content-type'), body: rawBody }),
    ),
    implement(api.deleteRealmIcon, ({ identity }) => doDeleteRealmIcon(ctx, identity.realmId, identity.userId)),
    implement(api.getRealmIcon, async ({ identity, req, res }): Promise<typeof RESPONDED> => {
      res.redirect(302, await realmImageRedirect(ctx, identity.realmId, req.originalUrl));
      return RESPONDED;
    }),
    implement(api.uploadRealmLogo, ({ identity, params, req, rawBody }) =>
      doUploadRealmLogo(
        ctx,
        identity.realmId,
        identity.userId,
        { contentType: req.header('content-type'), body: rawBody },
        parseNight,
        params.night,
      ),
    ),
    implement(api.deleteRealmLogo, ({ identity, params }) => doDeleteRealmLogo(ctx, identity.realmId, identity.userId, params.night)),
    implement(api.getRealmLogo, async ({ identity, params, req, res }): Promise<typeof RESPONDED> => {
      res.redirect(302, await realmImageRedirect(ctx, identity.realmId, req.originalUrl, { night: params.night }));
      return RESPONDED;
    }),
  ];
}

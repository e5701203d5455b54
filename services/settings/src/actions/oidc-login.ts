/**
 * Logging in with OpenID Connect: the start URL (a realm's, from its login or sign-up button) and
 * the callback every realm shares. The backend (../identity/oidc.ts) proves who the person is; the
 * account and the end of the login are the identity interface's (../identity/).
 */
import type { Request, Response } from 'express';
import { getRealm, realmUrlOf, type RealmRow } from '@chat/db';
import { ApiError, badRequest } from '@chat/errors';
import type { SettingsContext } from '../deps';
import { oidcEnabled } from '../lib/auth-methods';
import { refused } from '../lib/login-refusal';
import { checkOtp } from '../identity/app-flows';
import { finishExternalLogin, type LoginEnd } from '../identity/finish-login';
import { badState, saveLoginState, takeLoginState } from '../identity/login-states';
import { safeNextPath } from '../identity/next-path';
import { newOidcSecrets, oidcAuthorizationUrl, oidcIdentity, requireOidc } from '../identity/oidc';
import { OIDC_IDP } from '../identity/oidc-urls';
import { userForExternalIdentity } from '../identity/resolve-user';

const BACKEND = 'oidc';

export interface OidcStartParams {
  idp: string;
  next?: string;
  mobile_flow_otp?: string;
  desktop_flow_otp?: string;
}

async function oidcRealm(ctx: SettingsContext, realmId: number | null): Promise<RealmRow> {
  const realm = realmId === null ? undefined : await getRealm(ctx.db.knex, realmId);
  if (!realm) throw new ApiError('There is no organization at this address.', { status: 404 });
  if (realm.deactivated) throw refused('This organization has been deactivated.', 'realm deactivated');
  if (!oidcEnabled(ctx.config, realm)) throw refused('OpenID Connect is disabled in this organization.', 'oidc disabled');
  return realm;
}

/** GET /accounts/{login,register}/social/oidc/<idp>: the provider's authorization URL. */
export async function startOidcLogin(
  ctx: SettingsContext,
  realmId: number | null,
  params: OidcStartParams,
  isSignup: boolean,
): Promise<string> {
  requireOidc(ctx.config);
  if (params.idp !== OIDC_IDP) throw new ApiError(`Unknown identity provider: ${params.idp}`, { status: 404 });
  const mobileFlowOtp = checkOtp('mobile_flow_otp', params.mobile_flow_otp);
  const desktopFlowOtp = checkOtp('desktop_flow_otp', params.desktop_flow_otp);
  if (mobileFlowOtp !== null && desktopFlowOtp !== null) throw badRequest("Can't use both mobile_flow_otp and desktop_flow_otp together.");
  const realm = await oidcRealm(ctx, realmId);
  const secrets = newOidcSecrets();
  const state = await saveLoginState(ctx.db.knex, ctx.config, {
    backend: BACKEND,
    realmId: realm.id,
    next: safeNextPath(params.next),
    isSignup,
    mobileFlowOtp,
    desktopFlowOtp,
    ...secrets,
  });
  return oidcAuthorizationUrl(ctx.config, ctx.logger, secrets, state);
}

export interface OidcCallbackParams {
  state?: string;
  error?: string;
  error_description?: string;
}

/**
 * Where a browser that was refused goes: its realm's login page, which shows the message
 * (`login_error`). API clients (no `Accept: text/html`) and the apps' flows get the JSON error.
 */
async function loginPageWithError(ctx: SettingsContext, realmId: number, msg: string): Promise<LoginEnd> {
  const realm = await getRealm(ctx.db.knex, realmId);
  const realmUrl = realm ? await realmUrlOf(ctx.db.knex, ctx.config.externalHost, realm) : '';
  return { redirect: `${realmUrl}/?${new URLSearchParams({ login_error: msg }).toString()}` };
}

/** GET /complete/oidc/: the login's end, or a refusal saying why. */
export async function completeOidcLogin(ctx: SettingsContext, params: OidcCallbackParams, req: Request, res: Response): Promise<LoginEnd> {
  requireOidc(ctx.config);
  if (params.state === undefined) throw badState();
  const login = await takeLoginState(ctx.db.knex, ctx.config, BACKEND, params.state);
  try {
    if (params.error !== undefined) {
      throw refused(`The identity provider refused the login: ${params.error_description ?? params.error}`, 'provider refused');
    }
    await oidcRealm(ctx, login.realmId);
    const query = new URL(req.originalUrl, 'http://callback.invalid').search.slice(1);
    const identity = await oidcIdentity(ctx.config, ctx.logger, query, params.state, login);
    const user = await userForExternalIdentity(ctx, login.realmId, identity, { isSignup: login.isSignup });
    return await finishExternalLogin(ctx, user, login, req, res);
  } catch (err) {
    const browser = login.mobileFlowOtp === null && login.desktopFlowOtp === null && req.accepts(['json', 'html']) === 'html';
    if (browser && err instanceof ApiError) return loginPageWithError(ctx, login.realmId, err.message);
    throw err;
  }
}

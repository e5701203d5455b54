/**
 * The web client's authentication: every route is served under /json too (Zulip's prefix for its
 * web app), where the caller is the browser session its HttpOnly cookie names, and every unsafe
 * request must prove it comes from our own page (the CSRF token, docs/security.md). Shared by the
 * gateway and the event tier, like HTTP Basic under /api/v1.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { API_PREFIX, WEB_PREFIX } from '@chat/contracts';
import { ApiError, sessionUnauthorized } from '@chat/errors';
import type { UserIdentity } from '@chat/http';
import { userIdentity, type Authenticator } from './authenticator';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
/** Django's header name, which Zulip's web app sends. */
export const CSRF_HEADER = 'x-csrftoken';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Requests that arrived under /json, after their path was rewritten to the /api/v1 one. */
const webRequests = new WeakSet<IncomingMessage>();

/**
 * A /json request is served by the /api/v1 route of the same path: its URL is rewritten in
 * place (the services only know /api/v1) and the request remembered as a browser's.
 */
export function takeWebPrefix(req: IncomingMessage & { originalUrl?: string }): boolean {
  const url = req.url ?? '';
  if (url !== WEB_PREFIX && !url.startsWith(`${WEB_PREFIX}/`) && !url.startsWith(`${WEB_PREFIX}?`)) return false;
  req.url = API_PREFIX + url.slice(WEB_PREFIX.length);
  if (req.originalUrl !== undefined) req.originalUrl = req.url;
  webRequests.add(req);
  return true;
}

export function isWebRequest(req: IncomingMessage): boolean {
  return webRequests.has(req);
}

/**
 * A request outside /json that a browser makes with its session (an uploaded image in a message
 * fetched by an <img>): authenticated by the cookie when it carries no Authorization header.
 */
export function takeBrowserRequest(req: IncomingMessage): void {
  if (req.headers.authorization === undefined && cookies(req.headers)[SESSION_COOKIE] !== undefined) webRequests.add(req);
}

function cookies(headers: IncomingHttpHeaders): Record<string, string | undefined> {
  return headers.cookie ? parseCookies(headers.cookie) : {};
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

function csrfFailure(reason: string): ApiError {
  return new ApiError(`CSRF Error: ${reason}`, { status: 403, code: 'CSRF_FAILED' });
}

/**
 * Django's checks for an unsafe request: a cross-origin Origin is refused outright, and the
 * X-CSRFToken header must equal `expected` (the session's token; before login, the csrftoken
 * cookie, which only our own pages can read). A cross-site page can neither read the token nor
 * set the header without a CORS preflight, which this server never grants.
 */
export function checkCsrf(method: string | undefined, headers: IncomingHttpHeaders, expected: string | undefined): void {
  if (SAFE_METHODS.has((method ?? 'GET').toUpperCase())) return;
  const origin = headers.origin;
  // An opaque origin ("null") or one that does not parse names no host, so it fails too.
  if (origin !== undefined && originHost(origin) !== headers.host) {
    throw csrfFailure(`Origin checking failed - ${origin} does not match any trusted origins.`);
  }
  const sent = headers[CSRF_HEADER];
  if (!expected) throw csrfFailure('CSRF cookie not set.');
  if (typeof sent !== 'string' || sent !== expected) throw csrfFailure('CSRF token missing or incorrect.');
}

/** The CSRF check of a /json request that needs no user (logging in): the cookie's own token. */
export function checkAnonymousCsrf(method: string | undefined, headers: IncomingHttpHeaders): void {
  checkCsrf(method, headers, cookies(headers)[CSRF_COOKIE]);
}

/**
 * The user of a /json request: the session its cookie names, in the realm the Host names, with
 * the session's CSRF token on unsafe methods. Like HTTP Basic's, every failure is a 401.
 */
export async function authenticateWebUser(
  authenticator: Authenticator,
  method: string | undefined,
  headers: IncomingHttpHeaders,
  realmId: number | null,
): Promise<UserIdentity> {
  const token = cookies(headers)[SESSION_COOKIE];
  if (!token) throw sessionUnauthorized('Not logged in: API authentication or user session required');
  const found = await authenticator.authenticateSession(token, realmId);
  checkCsrf(method, headers, found.session.csrf_token);
  return { ...userIdentity(found.user), sessionId: found.session.id };
}

/** Whether the browser reached us over HTTPS (directly, or through a proxy that says so). */
function isHttps(req: IncomingMessage): boolean {
  const forwarded = req.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return proto === 'https' || ('encrypted' in req.socket && req.socket.encrypted === true);
}

/** Every cookie of ours: the whole site, SameSite=Strict (a cross-site request carries none), Secure over HTTPS. */
function cookieOptions(req: IncomingMessage) {
  return { path: '/', sameSite: 'strict', secure: isHttps(req) } as const;
}

const newCsrfToken = () => randomBytes(24).toString('base64url');

/**
 * The cookies of a session: the token HttpOnly (no script can read it), the CSRF token readable
 * by our own page. `null`: the cookies that end a session: the session's cookie goes, and the
 * page gets a fresh anonymous CSRF token (never the ended session's), so its login form works
 * again without a reload, as Django keeps a CSRF cookie across a logout.
 */
export function sessionCookies(req: IncomingMessage, session: { token: string; csrfToken: string; expiresAt: Date } | null): string[] {
  const common = cookieOptions(req);
  if (!session) {
    return [
      serializeCookie(SESSION_COOKIE, '', { ...common, httpOnly: true, maxAge: 0 }),
      serializeCookie(CSRF_COOKIE, newCsrfToken(), common),
    ];
  }
  return [
    serializeCookie(SESSION_COOKIE, session.token, { ...common, httpOnly: true, expires: session.expiresAt }),
    serializeCookie(CSRF_COOKIE, session.csrfToken, { ...common, expires: session.expiresAt }),
  ];
}

/** The CSRF cookie a page gets before anyone logs in, so its login request can carry the token. */
export function anonymousCsrfCookie(req: IncomingMessage): string | null {
  if (cookies(req.headers)[CSRF_COOKIE]) return null;
  return serializeCookie(CSRF_COOKIE, newCsrfToken(), cookieOptions(req));
}

/**
 * Resolves HTTP Basic credentials (e-mail + API key) to a user, as Zulip's validate_api_key.
 * A key is found by its HMAC (libs/db/api-keys.ts), so a request costs one HMAC and, on a cache
 * hit, no query. Cached entries expire after CACHE_TTL_MS and are dropped at once by
 * `invalidateUser` (deactivation, key regeneration), which the services' events drive.
 */
import {
  AUTH_CHANGES_CHANNEL,
  findSession,
  isModerator,
  type ApiKeyCipher,
  type Database,
  type Executor,
  type RealmRow,
  type SessionRow,
  type UserRow,
} from '@chat/db';
import { ApiError, badRequest, sessionUnauthorized, unauthorized } from '@chat/errors';
import type { UserIdentity } from '@chat/http';
import type { Logger } from '@chat/log';

const CACHE_TTL_MS = 60_000;
/** Zulip's answer to a credential used on a host that is not its realm's, or names no realm. */
const NOT_THIS_SUBDOMAIN = 'Account is not associated with this subdomain';
const CACHE_MAX_ENTRIES = 100_000;

interface CachedUser {
  user: UserRow;
  realm: RealmRow;
  expires: number;
}

interface CachedSession extends CachedUser {
  session: SessionRow;
}

export interface Credentials {
  /** null: the key alone names the user (Zulip's api_key-only webhook auth, validate_api_key(None, key)). */
  email: string | null;
  apiKey: string;
}

/**
 * Parses an Authorization header. Zulip's messages: a non-Basic scheme is a 400, an undecodable
 * one a 401 "Invalid authorization header for basic auth".
 */
export function parseBasicAuth(header: string): Credentials {
  const [scheme, encoded] = header.trim().split(/\s+/, 2);
  if (!scheme || scheme.toLowerCase() !== 'basic') {
    throw new ApiError('This endpoint requires HTTP basic authentication.', { status: 400 });
  }
  const decoded = Buffer.from(encoded ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (!encoded || colon < 0) throw unauthorized('Invalid authorization header for basic auth');
  return { email: decoded.slice(0, colon), apiKey: decoded.slice(colon + 1) };
}

export class Authenticator {
  private readonly cache = new Map<string, CachedUser>();
  /** By cookie token; dropped with the user's keys, so logout and deactivation reach every process. */
  private readonly sessions = new Map<string, CachedSession>();

  constructor(
    private readonly db: Executor,
    private readonly cipher: ApiKeyCipher,
  ) {}

  /**
   * The user whose e-mail and API key these are, checked against the realm the request's host
   * names (`realmId`; null: the host names no realm, where no credential is good). Throws Zulip's
   * errors: "Invalid API key", "Account is deactivated", "This organization has been
   * deactivated", "Account is not associated with this subdomain".
   * Under HTTP Basic the caller turns each into a 401 without code (Zulip's json_unauthorized);
   * the webhook path (api_key parameter) renders them as they are.
   */
  async authenticate(credentials: Credentials, realmId: number | null): Promise<{ user: UserRow; realm: RealmRow }> {
    const apiKey = credentials.apiKey.trim();
    const hash = this.cipher.lookupHash(apiKey);
    const found = await this.lookUp(hash);
    const emailMatches = credentials.email === null || found?.user.email.toLowerCase() === credentials.email.trim().toLowerCase();
    if (!found || !emailMatches) {
      throw new ApiError('Invalid API key', { status: 401, code: 'INVALID_API_KEY' });
    }
    if (!found.user.is_active) throw badRequest('Account is deactivated');
    if (found.realm.deactivated) throw badRequest('This organization has been deactivated');
    if (found.realm.id !== realmId) throw badRequest(NOT_THIS_SUBDOMAIN);
    return found;
  }

  /**
   * The user of a browser session (a /json request's cookie). Every failure is a 401: an unknown
   * or expired session, a deactivated user or realm, another realm's session or a host that
   * names no realm (`realmId` null).
   */
  async authenticateSession(token: string, realmId: number | null): Promise<CachedSession> {
    const found = await this.lookUpSession(token);
    if (!found || found.session.expires_at.getTime() <= Date.now()) {
      throw sessionUnauthorized('Not logged in: API authentication or user session required');
    }
    if (!found.user.is_active) throw sessionUnauthorized('Account is deactivated');
    if (found.realm.deactivated) throw sessionUnauthorized('This organization has been deactivated');
    if (found.realm.id !== realmId) throw sessionUnauthorized(NOT_THIS_SUBDOMAIN);
    return found;
  }

  /** Forgets every cached credential (after changes may have gone unheard). */
  invalidateAll(): void {
    this.cache.clear();
    this.sessions.clear();
  }

  invalidateUser(userId: number): void {
    for (const [hash, entry] of this.cache) if (entry.user.id === userId) this.cache.delete(hash);
    for (const [token, entry] of this.sessions) if (entry.user.id === userId) this.sessions.delete(token);
  }

  private async userWithRealm(
    where: Partial<UserRow> & { api_key_hash?: string },
  ): Promise<{ user: UserRow; realm: RealmRow } | undefined> {
    const user = await this.db<UserRow>('users').where(where).first();
    const realm = user && (await this.db<RealmRow>('realms').where({ id: user.realm_id }).first());
    return user && realm ? { user, realm } : undefined;
  }

  private async lookUpSession(token: string): Promise<CachedSession | undefined> {
    const now = Date.now();
    const cached = this.sessions.get(token);
    if (cached && cached.expires > now) return cached;
    const session = await findSession(this.db, token);
    const found = session && (await this.userWithRealm({ id: session.user_id }));
    if (!session || !found) {
      this.sessions.delete(token);
      return undefined;
    }
    if (this.sessions.size >= CACHE_MAX_ENTRIES) this.sessions.clear();
    const entry = { session, ...found, expires: now + CACHE_TTL_MS };
    this.sessions.set(token, entry);
    return entry;
  }

  private async lookUp(hash: string): Promise<CachedUser | undefined> {
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.expires > now) return cached;
    const found = await this.userWithRealm({ api_key_hash: hash });
    if (!found) {
      this.cache.delete(hash);
      return undefined;
    }
    const { user, realm } = found;
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
    const entry = { user, realm, expires: now + CACHE_TTL_MS };
    this.cache.set(hash, entry);
    return entry;
  }
}

export function userIdentity(user: UserRow): UserIdentity {
  return {
    kind: 'user',
    userId: user.id,
    realmId: user.realm_id,
    email: user.email,
    fullName: user.full_name,
    isAdmin: user.role === 'admin',
    isModerator: isModerator(user.role),
    isGuest: user.role === 'guest',
    isBot: user.is_bot,
    botType: user.bot_type,
  };
}

/**
 * Drops a user's cached credentials as soon as a committed change says so (notifyAuthChange), and
 * every cached credential when the listening connection comes back after a drop (changes made
 * meanwhile went unheard); resolves to a function that stops watching.
 */
export function watchAuthChanges(db: Database, authenticator: Authenticator, logger: Logger): Promise<() => Promise<void>> {
  const onChange = (payload: string) => {
    const userId = Number(payload);
    if (Number.isInteger(userId)) authenticator.invalidateUser(userId);
  };
  return db.listen(AUTH_CHANGES_CHANNEL, onChange, { logger, onReconnect: () => authenticator.invalidateAll() });
}

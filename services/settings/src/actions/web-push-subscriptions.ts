/**
 * Browsers' Web Push subscriptions (this server's extension). The endpoint is a URL the browser
 * supplies and the server will post to, so only https is accepted here; the sender also goes
 * through the outbound address guard, so a subscription cannot make the server call its own
 * network.
 */
import { badRequest } from '@chat/errors';
import type { SettingsContext } from '../deps';
import { loadActor } from '../queries/actor';

/** Push services' endpoints are well under this; a longer one is refused rather than stored. */
const MAX_ENDPOINT_LENGTH = 2048;

function checkEndpoint(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('Invalid Web Push endpoint: not a URL');
  }
  if (url.protocol !== 'https:') throw badRequest('Invalid Web Push endpoint: only https URLs are accepted');
  if (raw.length > MAX_ENDPOINT_LENGTH) throw badRequest('Invalid Web Push endpoint: too long');
  return raw;
}

/** A base64url key of exactly `bytes` bytes (`lead`: its first byte). */
function checkKey(raw: string, bytes: number, name: string, lead?: number): string {
  const decoded = /^[A-Za-z0-9_-]+=*$/.test(raw) ? Buffer.from(raw, 'base64url') : Buffer.alloc(0);
  if (decoded.length !== bytes || (lead !== undefined && decoded[0] !== lead)) throw badRequest(`Invalid Web Push key: ${name}`);
  return decoded.toString('base64url');
}

export async function addWebPushSubscription(
  ctx: SettingsContext,
  caller: { realmId: number; userId: number },
  subscription: { endpoint: string; p256dh: string; auth: string },
): Promise<Record<string, unknown>> {
  const endpoint = checkEndpoint(subscription.endpoint);
  // An uncompressed P-256 point and a 16-byte secret (RFC 8291, section 2).
  const p256dh = checkKey(subscription.p256dh, 65, 'p256dh', 4);
  const auth = checkKey(subscription.auth, 16, 'auth');
  const db = ctx.db.knex;
  await loadActor(db, caller.realmId, caller.userId);
  await db('web_push_subscriptions')
    .insert({ user_id: caller.userId, endpoint, p256dh, auth })
    .onConflict('endpoint')
    .merge({ user_id: caller.userId, p256dh, auth, created_at: db.fn.now() });
  return {};
}

export async function removeWebPushSubscription(
  ctx: SettingsContext,
  caller: { userId: number },
  endpoint: string,
): Promise<Record<string, unknown>> {
  await ctx.db.knex('web_push_subscriptions').where({ user_id: caller.userId, endpoint }).delete();
  return {};
}

/** The push service said the subscription is gone (404, 410): whoever held it, it is forgotten. */
export async function removeGoneWebPushSubscription(ctx: SettingsContext, endpoint: string): Promise<Record<string, unknown>> {
  await ctx.db.knex('web_push_subscriptions').where({ endpoint }).delete();
  return {};
}

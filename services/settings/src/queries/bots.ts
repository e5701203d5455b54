/** Bots as their owners and the events about them show them (Zulip's get_bots_backend, created_bot_event). */
import { avatarUrl, botServiceDicts, getRealm, type Executor, type UserRow } from '@chat/db';
import type { EventOf } from '@chat/events';
import { ownedBotDict } from '@chat/views';
import type { SettingsContext } from '../deps';
import { requireMemberOrAdmin } from '../lib/permissions';
import { loadActor } from './actor';

/** GET /bots: the caller's bots and their bots' bots, oldest first, with their keys. */
export async function listBots(ctx: SettingsContext, realmId: number, actorId: number): Promise<Record<string, unknown>> {
  const db = ctx.db.knex;
  requireMemberOrAdmin(await loadActor(db, realmId, actorId));
  const bots = await db<UserRow>('users')
    .where({ realm_id: realmId, is_bot: true })
    .where((q) => {
      q.where('bot_owner_id', actorId).orWhereIn('bot_owner_id', db('users').where({ bot_owner_id: actorId }).select('id'));
    })
    .orderBy([{ column: 'date_joined' }, { column: 'id' }]);
  return {
    bots: bots.map((bot) => ({
      username: bot.email,
      full_name: bot.full_name,
      api_key: ctx.cipher.decrypt(bot.api_key_enc),
      avatar_url: avatarUrl(bot),
      default_sending_stream: null,
      default_events_register_stream: null,
      default_all_public_streams: bot.default_all_public_streams,
    })),
  };
}

/** Bots are named <short_name>-bot@<the realm's bot domain>. */
export async function botDomain(ctx: SettingsContext, realmId: number): Promise<string> {
  const realm = await getRealm(ctx.db.knex, realmId);
  return realm?.email_domain || ctx.config.externalHost.split(':')[0]!;
}

/**
 * The bot of a realm_bot add event (Zulip's created_bot_event): /register's realm_bots entry,
 * with `owner` only when the bot has one, and without `api_key`: API keys are encrypted at rest,
 * and an event sits in the outbox (and the queues) in clear, so the key is fetched through
 * GET /bots or returned by POST /bots instead. An outgoing-webhook bot's `services` carry its
 * token, as Zulip's do: only the bot's owners (and administrators) receive the event.
 */
export async function botDictForEvent(
  db: Executor,
  bot: UserRow,
  owner: UserRow | undefined,
): Promise<Extract<EventOf<'realm_bot'>, { op: 'add' }>['bot']> {
  const services = (await botServiceDicts(db, [bot.id])).get(bot.id);
  const { owner: _owner, ...dict } = ownedBotDict(bot, null, services);
  return owner ? { ...dict, owner: owner.email } : dict;
}

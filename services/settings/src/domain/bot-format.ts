import { botServiceDicts, type Executor, type UserRow } from '@chat/db';
import type { EventOf } from '@chat/events';
import { ownedBotDict } from '@chat/views';

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

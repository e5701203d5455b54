import { avatarUrl, type UserRow } from '@chat/db';

/**
 * The bot of a realm_bot add event (Zulip's created_bot_event) without `api_key`: API keys are
 * encrypted at rest, and an event sits in the outbox (and the queues) in clear, so the key is
 * fetched through GET /bots or returned by POST /bots instead.
 */
export function botDictForEvent(bot: UserRow, owner: UserRow | undefined): Record<string, unknown> {
  const dict: Record<string, unknown> = {
    email: bot.email,
    user_id: bot.id,
    full_name: bot.full_name,
    bot_type: bot.bot_type,
    is_active: bot.is_active,
    default_sending_stream: null,
    default_events_register_stream: null,
    default_all_public_streams: bot.default_all_public_streams,
    avatar_url: avatarUrl(bot),
    services: [],
  };
  if (owner) dict.owner = owner.email;
  return dict;
}

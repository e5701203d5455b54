/**
 * Bot dictionaries and the static bot catalogues of Zulip 2.1's /register (get_owned_bot_dicts,
 * EMBEDDED_BOTS, WEBHOOK_INTEGRATIONS), shared by every tier that shows them.
 */
import { avatarUrl, type BotServiceDict, type UserRow } from '@chat/db';

/**
 * One entry of realm_bots (Zulip's get_owned_bot_dicts) without `api_key`: keys are encrypted at
 * rest, and only a caller holding the cipher adds the clear key.
 * No default streams exist on this server, hence the nulls; `services` is an outgoing-webhook
 * bot's endpoint (base_url, interface, token), [] for the other bot types.
 */
export type OwnedBotDict = {
  email: string;
  user_id: number;
  full_name: string;
  bot_type: number | null;
  is_active: boolean;
  default_sending_stream: null;
  default_events_register_stream: null;
  default_all_public_streams: boolean;
  owner: string | null;
  avatar_url: string;
  services: BotServiceDict[];
};

export function ownedBotDict(bot: UserRow, ownerEmail: string | null, services: BotServiceDict[] = []): OwnedBotDict {
  return {
    email: bot.email,
    user_id: bot.id,
    full_name: bot.full_name,
    bot_type: bot.bot_type,
    is_active: bot.is_active,
    default_sending_stream: null,
    default_events_register_stream: null,
    default_all_public_streams: bot.default_all_public_streams,
    owner: ownerEmail,
    avatar_url: avatarUrl(bot),
    services,
  };
}

export interface BotCatalogueEntry {
  name: string;
  config: Record<string, string>;
}

/**
 * Zulip 2.1's EMBEDDED_BOTS with each bot's config template (the zulip_bots .conf file, {} when
 * the bot has none). Static: 2.1 lists them whatever the realm, even where none can be created.
 */
export const EMBEDDED_BOTS: readonly BotCatalogueEntry[] = [
  { name: 'converter', config: {} },
  { name: 'encrypt', config: {} },
  { name: 'helloworld', config: {} },
  { name: 'virtual_fs', config: {} },
  { name: 'giphy', config: { key: '12345678' } },
  { name: 'followup', config: {} },
];

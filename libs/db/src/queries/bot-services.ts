import type { Executor } from '../connect';
import { anyOf } from '../any-of';

/** Zulip's Service.GENERIC and Service.SLACK: the two payload forms of an outgoing webhook. */
export const SERVICE_INTERFACES = { GENERIC: 1, SLACK: 2 } as const;
export const ALLOWED_SERVICE_INTERFACES: readonly number[] = Object.values(SERVICE_INTERFACES);

export interface ServiceRow {
  id: number;
  bot_id: number;
  name: string;
  base_url: string;
  token: string;
  interface: number;
}

/** An outgoing-webhook bot's entry in `services` (Zulip's get_service_dicts_for_bot). */
export interface BotServiceDict {
  base_url: string;
  interface: number;
  token: string;
}

export function botServiceDict(row: ServiceRow): BotServiceDict {
  return { base_url: row.base_url, interface: row.interface, token: row.token };
}

export async function getBotServices(db: Executor, botId: number): Promise<ServiceRow[]> {
  return db<ServiceRow>('services').where({ bot_id: botId }).orderBy('id');
}

/** Each bot's service dicts, for listing many bots in one query; a bot without any has none. */
export async function botServiceDicts(db: Executor, botIds: number[]): Promise<Map<number, BotServiceDict[]>> {
  const byBot = new Map<number, BotServiceDict[]>();
  if (botIds.length === 0) return byBot;
  const rows = await db<ServiceRow>('services')
    .whereRaw(...anyOf('bot_id', botIds))
    .orderBy('id');
  for (const row of rows) {
    const list = byBot.get(row.bot_id) ?? [];
    list.push(botServiceDict(row));
    byBot.set(row.bot_id, list);
  }
  return byBot;
}

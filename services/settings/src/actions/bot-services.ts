/**
 * An outgoing-webhook bot's service (Zulip's Service rows, add_service and
 * do_update_outgoing_webhook_service): the URL its triggers are POSTed to, the payload form, and
 * a token of its own that the endpoint can check to know the request came from this server.
 */
import {
  ALLOWED_SERVICE_INTERFACES,
  botServiceDict,
  generateApiKey,
  getBotServices,
  writeNotices,
  type Executor,
  type UserRow,
} from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice } from '@chat/events';
import { botOwnerUserIds } from '../queries/audiences';

export interface NewBotService {
  name: string;
  baseUrl: string;
  interface: number;
}

/** Zulip's check_valid_interface_type. */
export function checkServiceInterface(interfaceType: number): void {
  if (!ALLOWED_SERVICE_INTERFACES.includes(interfaceType)) throw badRequest('Invalid interface type');
}

/** In the transaction that creates the bot, before its realm_bot add event, which shows it. */
export async function doAddBotService(trx: Executor, botId: number, service: NewBotService): Promise<void> {
  await trx('services').insert({
    bot_id: botId,
    name: service.name,
    base_url: service.baseUrl,
    interface: service.interface,
    token: generateApiKey(),
  });
}

/** PATCH /bots/{bot_id} with service_payload_url: the bot's one service gets the new URL and form. */
export async function doUpdateBotService(trx: Executor, bot: UserRow, baseUrl: string, interfaceType: number): Promise<void> {
  checkServiceInterface(interfaceType);
  // A bot has one service today (2.1 too); a bot of another type has none to change.
  const [service] = await getBotServices(trx, bot.id);
  if (!service) throw badRequest('This bot has no outgoing webhook service');
  if (service.base_url === baseUrl && service.interface === interfaceType) return;
  await trx('services').where({ id: service.id }).update({ base_url: baseUrl, interface: interfaceType });
  const updated = { ...service, base_url: baseUrl, interface: interfaceType };
  await writeNotices(trx, [
    userEventNotice(
      bot.realm_id,
      { type: 'realm_bot', op: 'update', bot: { email: bot.email, user_id: bot.id, services: [botServiceDict(updated)] } },
      await botOwnerUserIds(trx, bot),
    ),
  ]);
}

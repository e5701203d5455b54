/** Bots (Zulip's zerver/views/users.py add_bot_backend, patch_bot_backend, ... and the do_* they call). */
import { avatarUrl, BOT_TYPES, getUserByEmail, getUserById, writeNotices, type Executor, type UserRow } from '@chat/db';
import { badRequest, plainError } from '@chat/errors';
import { userEventNotice } from '@chat/events';
import type { SettingsContext } from '../deps';
import { checkFullName, isValidEmail } from '../lib/accounts';
import { canAdminUser, requireMemberOrAdmin } from '../lib/permissions';
import { loadActor } from '../queries/actor';
import { activeUserIds, botOwnerUserIds, humanAdminIds } from '../queries/audiences';
import { botDictForEvent, botDomain } from '../queries/bots';
import { isFullNameTaken } from '../queries/users';
import { doRegenerateApiKey } from './api-keys';
import { checkServiceInterface, doUpdateBotService, type NewBotService } from './bot-services';
import { doCreateUser } from './create-user';
import { doDeactivateUser } from './user-activation';
import { doChangeFullName } from './users';

/** The bot types a user may create here (Zulip's allowed_bot_types; embedded bots are not run here). */
const CREATABLE_BOT_TYPES: readonly number[] = [BOT_TYPES.DEFAULT, BOT_TYPES.INCOMING_WEBHOOK, BOT_TYPES.OUTGOING_WEBHOOK];

/** Zulip's access_bot_by_id. */
async function accessBotById(db: Executor, actor: UserRow, botId: number): Promise<UserRow> {
  const bot = await getUserById(db, actor.realm_id, botId);
  if (!bot || !bot.is_bot) throw badRequest('No such bot');
  if (!canAdminUser(actor, bot)) throw badRequest('Insufficient permission');
  return bot;
}

/** A bot's name must not be any active user's or bot's (Zulip's check_bot_name_available). */
async function checkBotNameAvailable(db: Executor, realmId: number, fullName: string): Promise<void> {
  if (await isFullNameTaken(db, realmId, fullName)) throw badRequest('Name is already in use!');
}

export interface AddBotParams {
  fullName: string;
  shortName: string;
  botType: number;
  /** For an outgoing-webhook bot: where its triggers go, and the payload form. */
  payloadUrl?: string;
  interfaceType: number;
  serviceName?: string;
}

/** Zulip's add_bot_backend: an outgoing-webhook bot gets its service, named by default by its short name. */
function serviceOf(params: AddBotParams, shortNameBase: string): NewBotService | undefined {
  if (params.botType !== BOT_TYPES.OUTGOING_WEBHOOK) return undefined;
  checkServiceInterface(params.interfaceType);
  // 2.1 stored an empty URL when none was sent; a bot that can call nowhere is refused instead.
  if (params.payloadUrl === undefined) throw badRequest('payload_url is not a URL');
  return { name: params.serviceName || shortNameBase, baseUrl: params.payloadUrl, interface: params.interfaceType };
}

interface CheckedBot {
  owner: UserRow;
  email: string;
  fullName: string;
  shortName: string;
  service: NewBotService | undefined;
}

/** add_bot_backend's checks, in its order. */
async function checkAddBot(ctx: SettingsContext, realmId: number, actorId: number, params: AddBotParams): Promise<CheckedBot> {
  const actor = await loadActor(ctx.db.knex, realmId, actorId);
  // A bot may not create bots: a leaked bot key must not be able to mint keys its owner never sees.
  requireMemberOrAdmin(actor);
  const shortNameBase = params.shortName.trim();
  if (!shortNameBase) throw plainError('Bad name or username');
  const shortName = `${shortNameBase}-bot`;
  const fullName = checkFullName(params.fullName);
  const email = `${shortName}@${await botDomain(ctx, realmId)}`;
  if (!isValidEmail(email)) throw plainError('Bad name or username');
  if (await getUserByEmail(ctx.db.knex, realmId, email)) throw plainError('Username already in use');
  await checkBotNameAvailable(ctx.db.knex, realmId, fullName);
  if (!CREATABLE_BOT_TYPES.includes(params.botType)) throw badRequest('Invalid bot type');
  return { owner: actor, email, fullName, shortName, service: serviceOf(params, shortNameBase) };
}

/** POST /bots. */
export async function doAddBot(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  params: AddBotParams,
): Promise<Record<string, unknown>> {
  const { owner, email, fullName, shortName, service } = await checkAddBot(ctx, realmId, actorId, params);
  const created = await ctx.db.knex.transaction(async (trx) => {
    // Checked again in the transaction, so two requests for one name cannot both pass.
    await checkBotNameAvailable(trx, realmId, fullName);
    return doCreateUser(ctx, trx, {
      realmId,
      email,
      fullName,
      shortName,
      role: 'member',
      passwordHash: null,
      bot: { type: params.botType, ownerId: owner.id, service },
    });
  });
  return {
    user_id: created.user.id,
    api_key: created.apiKey,
    avatar_url: avatarUrl(created.user),
    default_sending_stream: null,
    default_events_register_stream: null,
    default_all_public_streams: created.user.default_all_public_streams,
  };
}

export interface PatchBotParams {
  fullName?: string;
  botOwnerId?: number;
  defaultAllPublicStreams?: boolean;
  servicePayloadUrl?: string;
  serviceInterface: number;
}

/** Zulip's do_change_bot_owner: the old owner loses the bot from its list, the new one gains it. */
async function doChangeBotOwner(trx: Executor, bot: UserRow, owner: UserRow): Promise<void> {
  const previousOwnerId = bot.bot_owner_id;
  await trx('users').where({ id: bot.id }).update({ bot_owner_id: owner.id });
  const updated = { ...bot, bot_owner_id: owner.id };
  const admins = new Set(await humanAdminIds(trx, bot.realm_id));
  const notices = [];
  if (previousOwnerId !== null && !admins.has(previousOwnerId)) {
    notices.push(
      userEventNotice(bot.realm_id, { type: 'realm_bot', op: 'delete', bot: { email: bot.email, user_id: bot.id } }, [previousOwnerId]),
    );
  }
  if (!admins.has(owner.id)) {
    notices.push(
      userEventNotice(bot.realm_id, { type: 'realm_bot', op: 'add', bot: await botDictForEvent(trx, updated, owner) }, [owner.id]),
    );
  }
  notices.push(
    userEventNotice(
      bot.realm_id,
      { type: 'realm_bot', op: 'update', bot: { email: bot.email, user_id: bot.id, owner_id: owner.id } },
      await botOwnerUserIds(trx, updated),
    ),
  );
  const everyone = await activeUserIds(trx, bot.realm_id);
  notices.push(
    userEventNotice(bot.realm_id, { type: 'realm_user', op: 'update', person: { user_id: bot.id, bot_owner_id: owner.id } }, everyone),
  );
  await writeNotices(trx, notices);
}

/** Zulip's do_change_default_all_public_streams. */
async function doChangeDefaultAllPublicStreams(trx: Executor, bot: UserRow, value: boolean): Promise<void> {
  await trx('users').where({ id: bot.id }).update({ default_all_public_streams: value });
  await writeNotices(trx, [
    userEventNotice(
      bot.realm_id,
      { type: 'realm_bot', op: 'update', bot: { email: bot.email, user_id: bot.id, default_all_public_streams: value } },
      await botOwnerUserIds(trx, bot),
    ),
  ]);
}

/** The new owner patch_bot_backend names: an active human of the realm. */
async function checkBotOwner(db: Executor, realmId: number, ownerId: number): Promise<UserRow> {
  const owner = await getUserById(db, realmId, ownerId);
  if (!owner) throw plainError('Failed to change owner, no such user');
  if (!owner.is_active) throw plainError('Failed to change owner, user is deactivated');
  if (owner.is_bot) throw plainError("Failed to change owner, bots can't own other bots");
  return owner;
}

/** PATCH /bots/{bot_id}: each given field is checked and changed in turn, with its events. */
export async function doPatchBot(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  botId: number,
  params: PatchBotParams,
): Promise<Record<string, unknown>> {
  return ctx.db.knex.transaction(async (trx) => {
    const actor = await loadActor(trx, realmId, actorId);
    requireMemberOrAdmin(actor);
    let bot = await accessBotById(trx, actor, botId);
    if (params.fullName !== undefined) {
      const fullName = checkFullName(params.fullName);
      // Zulip's web app sends the unchanged name with every edit; that is not a conflict.
      if (fullName !== bot.full_name) {
        await checkBotNameAvailable(trx, realmId, fullName);
        await doChangeFullName(trx, bot, fullName);
        bot = { ...bot, full_name: fullName };
      }
    }
    if (params.botOwnerId !== undefined) {
      const owner = await checkBotOwner(trx, realmId, params.botOwnerId);
      if (bot.bot_owner_id !== owner.id) {
        await doChangeBotOwner(trx, bot, owner);
        bot = { ...bot, bot_owner_id: owner.id };
      }
    }
    if (params.defaultAllPublicStreams !== undefined && params.defaultAllPublicStreams !== bot.default_all_public_streams) {
      bot = { ...bot, default_all_public_streams: params.defaultAllPublicStreams };
      await doChangeDefaultAllPublicStreams(trx, bot, params.defaultAllPublicStreams);
    }
    if (params.servicePayloadUrl !== undefined) await doUpdateBotService(trx, bot, params.servicePayloadUrl, params.serviceInterface);
    // As 2.1 answers: the service fields echo the request (service_interface defaults to 1).
    const result: Record<string, unknown> = {
      full_name: bot.full_name,
      avatar_url: avatarUrl(bot),
      service_interface: params.serviceInterface,
      service_payload_url: params.servicePayloadUrl ?? null,
      config_data: null,
      default_sending_stream: null,
      default_events_register_stream: null,
      default_all_public_streams: bot.default_all_public_streams,
    };
    if (bot.bot_owner_id !== null) result.bot_owner = (await getUserById(trx, realmId, bot.bot_owner_id))?.email;
    return result;
  });
}

/** DELETE /bots/{bot_id}. */
export async function doDeactivateBot(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  botId: number,
): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    const actor = await loadActor(trx, realmId, actorId);
    const bot = await accessBotById(trx, actor, botId);
    if (bot.is_active) await doDeactivateUser(trx, bot);
  });
  return {};
}

/** POST /users/me/api_key/regenerate. */
export async function regenerateOwnApiKey(ctx: SettingsContext, realmId: number, actorId: number): Promise<Record<string, unknown>> {
  const apiKey = await ctx.db.knex.transaction(async (trx) => doRegenerateApiKey(trx, ctx.cipher, await loadActor(trx, realmId, actorId)));
  return { api_key: apiKey };
}

/** POST /bots/{bot_id}/api_key/regenerate. */
export async function regenerateBotApiKey(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  botId: number,
): Promise<Record<string, unknown>> {
  const apiKey = await ctx.db.knex.transaction(async (trx) => {
    const actor = await loadActor(trx, realmId, actorId);
    requireMemberOrAdmin(actor);
    return doRegenerateApiKey(trx, ctx.cipher, await accessBotById(trx, actor, botId));
  });
  return { api_key: apiKey };
}

/**
 * Creating an account (Zulip's do_create_user): the users row, its personal recipient, a new API
 * key and the realm_user add event (plus realm_bot add for a bot) in one transaction. The streams a
 * human joins are the subscription service's to subscribe: its callers request that follow-up in
 * the same transaction.
 */
import { createRecipient, generateApiKey, RECIPIENT_PERSONAL, writeNotices, type Executor, type Role, type UserRow } from '@chat/db';
import { plainError } from '@chat/errors';
import { userEventNotice, type UserEventNotice } from '@chat/events';
import { personForAdd } from '@chat/views';
import type { SettingsContext } from '../deps';
import { isUniqueViolation } from '../lib/unique-violation';
import { activeUserIds, botOwnerUserIds } from '../queries/audiences';
import { botDictForEvent } from '../queries/bots';
import { userRowById } from '../queries/users';
import { doAddBotService, type NewBotService } from './bot-services';
import { systemGroupNotices } from './system-groups';

export interface NewUser {
  realmId: number;
  email: string;
  fullName: string;
  shortName: string;
  role: Role;
  /** Already hashed (hash before the transaction: bcrypt is slow and PGlite has one connection). */
  passwordHash: string | null;
  /** An outgoing-webhook bot's service, written before the realm_bot event that shows it. */
  bot?: { type: number; ownerId: number | null; service?: NewBotService };
}

export interface CreatedUser {
  user: UserRow;
  apiKey: string;
}

export async function doCreateUser(ctx: SettingsContext, trx: Executor, newUser: NewUser): Promise<CreatedUser> {
  const apiKey = generateApiKey();
  let id: number;
  try {
    const [row] = await trx('users')
      .insert({
        realm_id: newUser.realmId,
        email: newUser.email,
        delivery_email: newUser.email,
        full_name: newUser.fullName,
        short_name: newUser.shortName,
        role: newUser.role,
        is_bot: newUser.bot !== undefined,
        bot_type: newUser.bot?.type ?? null,
        bot_owner_id: newUser.bot?.ownerId ?? null,
        password_hash: newUser.passwordHash,
        api_key_enc: ctx.cipher.encrypt(apiKey),
        api_key_hash: ctx.cipher.lookupHash(apiKey),
      })
      .returning('id');
    id = (row as { id: number }).id;
  } catch (err) {
    // Two creations of one address racing: the unique index decides, the loser gets Zulip's error.
    if (isUniqueViolation(err)) throw plainError(`Email '${newUser.email}' already in use`);
    throw err;
  }
  await trx('users')
    .where({ id })
    .update({ recipient_id: await createRecipient(trx, RECIPIENT_PERSONAL, id) });
  const user = (await userRowById(trx, id))!;

  const everyone = await activeUserIds(trx, user.realm_id);
  const notices: UserEventNotice[] = [
    userEventNotice(user.realm_id, { type: 'realm_user', op: 'add', person: personForAdd(user) }, everyone),
    ...(await systemGroupNotices(trx, user.realm_id, { userId: user.id, from: null, to: user.role }, everyone)),
  ];
  if (user.is_bot) {
    if (newUser.bot?.service) await doAddBotService(trx, user.id, newUser.bot.service);
    const owner = user.bot_owner_id === null ? undefined : await userRowById(trx, user.bot_owner_id);
    notices.push(
      userEventNotice(
        user.realm_id,
        { type: 'realm_bot', op: 'add', bot: await botDictForEvent(trx, user, owner) },
        await botOwnerUserIds(trx, user),
      ),
    );
  }
  await writeNotices(trx, notices);
  return { user, apiKey };
}

/**
 * Emoji reactions (Zulip 2.1's add_reaction / remove_reaction and notify_reaction_update).
 * A reaction event goes to everyone with a user_messages row for the message; a reactor who
 * never received the message gets a historical row first, so later updates reach them too.
 */
import type { Knex } from 'knex';
import { writeNotices, type Executor, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice, type EventOf } from '@chat/events';
import { accessMessage } from './access';
import { isUnicodeEmojiCode, unicodeEmojiCode } from './emoji';
import { FLAG_BITS } from './flags';

interface RealmEmoji {
  id: number;
  name: string;
  deactivated: boolean;
}

/**
 * The realm's custom emoji. The settings service owns realm_emoji; a database where that table
 * does not exist yet simply has no custom emoji.
 */
async function realmEmoji(db: Executor, realmId: number): Promise<RealmEmoji[]> {
  const exists = (await db.raw("select to_regclass('realm_emoji') is not null as ok")) as { rows: { ok: boolean }[] };
  if (!exists.rows[0]?.ok) return [];
  return db('realm_emoji').where({ realm_id: realmId }).select('id', 'name', 'deactivated');
}

/** Zulip's emoji_name_to_emoji_code: realm emoji, then :zulip:, then unicode. */
async function emojiCodeForName(db: Executor, realmId: number, name: string): Promise<{ code: string; type: string }> {
  const custom = (await realmEmoji(db, realmId)).find((e) => e.name === name && !e.deactivated);
  if (custom) return { code: String(custom.id), type: 'realm_emoji' };
  if (name === 'zulip') return { code: 'zulip', type: 'zulip_extra_emoji' };
  const code = unicodeEmojiCode(name);
  if (code) return { code, type: 'unicode_emoji' };
  throw badRequest(`Emoji '${name}' does not exist`);
}

/** Zulip's check_emoji_request: the name, code and type must agree. */
async function checkEmojiRequest(db: Executor, realmId: number, name: string, code: string, type: string): Promise<void> {
  if (type === 'realm_emoji') {
    const custom = (await realmEmoji(db, realmId)).find((e) => String(e.id) === code);
    if (!custom) throw badRequest('Invalid custom emoji.');
    if (custom.name !== name) throw badRequest('Invalid custom emoji name.');
    if (custom.deactivated) throw badRequest('This custom emoji has been deactivated.');
  } else if (type === 'zulip_extra_emoji') {
    if (code !== 'zulip') throw badRequest('Invalid emoji code.');
    if (name !== code) throw badRequest('Invalid emoji name.');
  } else if (type === 'unicode_emoji') {
    if (!isUnicodeEmojiCode(code)) throw badRequest('Invalid emoji code.');
    if (unicodeEmojiCode(name) !== code) throw badRequest('Invalid emoji name.');
  } else {
    throw badRequest('Invalid emoji type.');
  }
}

type ReactionType = EventOf<'reaction'>['reaction_type'];

/**
 * The type of a reaction about to be announced: check_emoji_request admitted it, now or when the
 * stored reaction it matched was added, so it is always one of Zulip's three.
 */
function admittedReactionType(type: string): ReactionType {
  if (type === 'unicode_emoji' || type === 'realm_emoji' || type === 'zulip_extra_emoji') return type;
  throw new Error(`a reaction of unknown type ${type} was stored`);
}

export interface ReactionRequest {
  messageId: number;
  emojiName: string | undefined;
  emojiCode: string | undefined;
  reactionType: string | undefined;
}

async function notifyReaction(
  trx: Knex.Transaction,
  user: UserRow,
  messageId: number,
  op: 'add' | 'remove',
  reaction: Pick<EventOf<'reaction'>, 'emoji_name' | 'emoji_code' | 'reaction_type'>,
): Promise<void> {
  const users: { user_id: number }[] = await trx('user_messages').where({ message_id: messageId }).select('user_id');
  const event: EventOf<'reaction'> = {
    type: 'reaction',
    op,
    user_id: user.id,
    user: { user_id: user.id, email: user.email, full_name: user.full_name },
    message_id: messageId,
    ...reaction,
  };
  await writeNotices(trx, [userEventNotice(user.realm_id, event, users.map((u) => u.user_id))]);
}

export async function doAddReaction(db: Knex, user: UserRow, request: ReactionRequest): Promise<void> {
  const name = request.emojiName ?? '';
  const { message, flags } = await accessMessage(db, user, request.messageId);
  let code = request.emojiCode;
  let type = request.reactionType;
  if (code === undefined) code = (await emojiCodeForName(db, message.realm_id, name)).code;
  if (type === undefined) type = (await emojiCodeForName(db, message.realm_id, name)).type;

  await db.transaction(async (trx) => {
    const same = trx('reactions').where({ message_id: message.id, emoji_code: code, reaction_type: type });
    if (await same.clone().where({ user_id: user.id }).first('id')) throw badRequest('Reaction already exists.');
    // A second reactor with the same emoji votes for the first one: its name wins.
    const earlier: { emoji_name: string } | undefined = await same.clone().orderBy('id').first('emoji_name');
    let emojiName = name;
    if (earlier) emojiName = earlier.emoji_name;
    else await checkEmojiRequest(trx, message.realm_id, name, code, type);
    if (flags === null) {
      await trx('user_messages')
        .insert({ user_id: user.id, message_id: message.id, flags: FLAG_BITS.historical! | FLAG_BITS.read! })
        .onConflict(['user_id', 'message_id'])
        .ignore();
    }
    const inserted = await trx('reactions')
      .insert({ message_id: message.id, user_id: user.id, emoji_name: emojiName, emoji_code: code, reaction_type: type })
      .onConflict(['message_id', 'user_id', 'emoji_code', 'reaction_type'])
      .ignore()
      .returning('id');
    if (inserted.length === 0) throw badRequest('Reaction already exists.');
    await notifyReaction(trx, user, message.id, 'add', { emoji_name: emojiName, emoji_code: code, reaction_type: admittedReactionType(type) });
  });
}

export async function doRemoveReaction(db: Knex, user: UserRow, request: ReactionRequest): Promise<void> {
  const { message } = await accessMessage(db, user, request.messageId);
  const type = request.reactionType ?? 'unicode_emoji';
  let code = request.emojiCode;
  if (code === undefined) {
    if (request.emojiName === undefined) {
      throw badRequest('At least one of the following arguments must be present: emoji_name, emoji_code');
    }
    code = (await emojiCodeForName(db, message.realm_id, request.emojiName)).code;
  }
  await db.transaction(async (trx) => {
    const existing: { id: number; emoji_name: string } | undefined = await trx('reactions')
      .where({ message_id: message.id, user_id: user.id, emoji_code: code, reaction_type: type })
      .first('id', 'emoji_name');
    if (!existing) throw badRequest("Reaction doesn't exist.");
    await trx('reactions').where({ id: existing.id }).del();
    await notifyReaction(trx, user, message.id, 'remove', { emoji_name: existing.emoji_name, emoji_code: code, reaction_type: admittedReactionType(type) });
  });
}

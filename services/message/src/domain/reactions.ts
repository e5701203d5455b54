/**
 * Emoji reactions (Zulip 2.1's add_reaction / remove_reaction, the legacy by-name routes
 * add_reaction_legacy / remove_reaction_legacy, and notify_reaction_update). A reaction event goes
 * to everyone with a user_messages row for the message; a reactor who never received the message
 * gets a historical row first, so later updates reach them too.
 */
import type { Knex } from 'knex';
import { writeNotices, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice, type EventOf } from '@chat/events';
import { accessMessage, type AccessedMessage } from './access';
import { FLAG_BITS } from './flags';
import { admittedReactionType, checkEmojiRequest, emojiCodeForName, type ReactionEmoji } from './reaction-emoji';

export interface ReactionRequest {
  messageId: number;
  emojiName: string | undefined;
  emojiCode: string | undefined;
  reactionType: string | undefined;
}

interface StoredReaction {
  id: number;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

async function notifyReaction(trx: Knex.Transaction, user: UserRow, messageId: number, op: 'add' | 'remove', reaction: ReactionEmoji): Promise<void> {
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

/** Stores an admitted reaction and announces it; `duplicate` is the error for one the user already has. */
async function recordReaction(trx: Knex.Transaction, user: UserRow, { message, flags }: AccessedMessage, emoji: ReactionEmoji, duplicate: string): Promise<void> {
  if (flags === null) {
    await trx('user_messages')
      .insert({ user_id: user.id, message_id: message.id, flags: FLAG_BITS.historical! | FLAG_BITS.read! })
      .onConflict(['user_id', 'message_id'])
      .ignore();
  }
  const inserted = await trx('reactions')
    .insert({ message_id: message.id, user_id: user.id, ...emoji })
    .onConflict(['message_id', 'user_id', 'emoji_code', 'reaction_type'])
    .ignore()
    .returning('id');
  if (inserted.length === 0) throw badRequest(duplicate);
  await notifyReaction(trx, user, message.id, 'add', emoji);
}

/** Deletes the user's reaction that `match` finds and announces it; `missing` is the error without one. */
async function dropReaction(trx: Knex.Transaction, user: UserRow, messageId: number, match: Partial<StoredReaction>, missing: string): Promise<void> {
  const existing: StoredReaction | undefined = await trx('reactions')
    .where({ message_id: messageId, user_id: user.id, ...match })
    .first('id', 'emoji_name', 'emoji_code', 'reaction_type');
  if (!existing) throw badRequest(missing);
  await trx('reactions').where({ id: existing.id }).del();
  const { emoji_name, emoji_code, reaction_type } = existing;
  await notifyReaction(trx, user, messageId, 'remove', { emoji_name, emoji_code, reaction_type: admittedReactionType(reaction_type) });
}

export async function doAddReaction(db: Knex, user: UserRow, request: ReactionRequest): Promise<void> {
  const name = request.emojiName ?? '';
  const accessed = await accessMessage(db, user, request.messageId);
  const realmId = accessed.message.realm_id;
  const code = request.emojiCode ?? (await emojiCodeForName(db, realmId, name)).code;
  const type = request.reactionType ?? (await emojiCodeForName(db, realmId, name)).type;

  await db.transaction(async (trx) => {
    const same = trx('reactions').where({ message_id: accessed.message.id, emoji_code: code, reaction_type: type });
    if (await same.clone().where({ user_id: user.id }).first('id')) throw badRequest('Reaction already exists.');
    // A second reactor with the same emoji votes for the first one: its name wins.
    const earlier: { emoji_name: string } | undefined = await same.clone().orderBy('id').first('emoji_name');
    if (!earlier) await checkEmojiRequest(trx, realmId, name, code, type);
    const emoji = { emoji_name: earlier?.emoji_name ?? name, emoji_code: code, reaction_type: admittedReactionType(type) };
    await recordReaction(trx, user, accessed, emoji, 'Reaction already exists.');
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
  await db.transaction((trx) => dropReaction(trx, user, message.id, { emoji_code: code, reaction_type: type }, "Reaction doesn't exist."));
}

/**
 * PUT /messages/{id}/emoji_reactions/{name}: the emoji by name only (realm emoji first, as
 * emoji_name_to_emoji_code), refused when the user already reacted with that name.
 */
export async function doAddReactionLegacy(db: Knex, user: UserRow, messageId: number, emojiName: string): Promise<void> {
  const accessed = await accessMessage(db, user, messageId);
  const { code, type } = await emojiCodeForName(db, accessed.message.realm_id, emojiName);
  await db.transaction(async (trx) => {
    const mine = await trx('reactions').where({ message_id: messageId, user_id: user.id, emoji_name: emojiName }).first('id');
    if (mine) throw badRequest('Reaction already exists');
    await recordReaction(trx, user, accessed, { emoji_name: emojiName, emoji_code: code, reaction_type: type }, 'Reaction already exists');
  });
}

/** DELETE /messages/{id}/emoji_reactions/{name}: the user's reaction with that name, whatever its emoji. */
export async function doRemoveReactionLegacy(db: Knex, user: UserRow, messageId: number, emojiName: string): Promise<void> {
  const { message } = await accessMessage(db, user, messageId);
  await db.transaction((trx) => dropReaction(trx, user, message.id, { emoji_name: emojiName }, 'Reaction does not exist'));
}

/**
 * Emoji reactions (Zulip 2.1's add_reaction / remove_reaction, the legacy by-name routes
 * add_reaction_legacy / remove_reaction_legacy, and notify_reaction_update). Each check reads
 * which message and which emoji; each do writes in one transaction, where the duplicate and
 * missing-reaction errors are decided (two requests racing each other see each other's rows).
 * A reaction event goes to everyone with a user_messages row for the message; a reactor who never
 * received the message gets a historical row first, so later updates reach them too.
 */
import type { Knex } from 'knex';
import { writeNotices, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice, type EventOf } from '@chat/events';
import { FLAG_BITS } from '../lib/flags';
import { accessMessageToChange, type AccessedMessage } from '../queries/access';
import type { MessageRow } from '../queries/messages';
import { firstReactionName, userReaction, type StoredReaction } from '../queries/reactions';
import { messageHolderIds } from '../queries/user-messages';
import { admittedReactionType, checkEmojiRequest, emojiCodeForName, type ReactionEmoji, type ReactionType } from './reaction-emoji';

export interface ReactionRequest {
  messageId: number;
  emojiName: string | undefined;
  emojiCode: string | undefined;
  reactionType: string | undefined;
}

/** A reaction to add: the message and the emoji as the request names it. */
export interface CheckedNewReaction {
  accessed: AccessedMessage;
  name: string;
  code: string;
  type: string;
}

/** A reaction to remove: the message and what finds the user's reaction on it. */
export interface CheckedOldReaction {
  message: MessageRow;
  match: Partial<StoredReaction>;
}

async function notifyReaction(
  trx: Knex.Transaction,
  user: UserRow,
  messageId: number,
  op: 'add' | 'remove',
  reaction: ReactionEmoji,
): Promise<void> {
  const event: EventOf<'reaction'> = {
    type: 'reaction',
    op,
    user_id: user.id,
    user: { user_id: user.id, email: user.email, full_name: user.full_name },
    message_id: messageId,
    ...reaction,
  };
  await writeNotices(trx, [userEventNotice(user.realm_id, event, await messageHolderIds(trx, messageId))]);
}

/** Stores an admitted reaction and announces it; `duplicate` is the error for one the user already has. */
async function recordReaction(
  trx: Knex.Transaction,
  user: UserRow,
  { message, flags }: AccessedMessage,
  emoji: ReactionEmoji,
  duplicate: string,
): Promise<void> {
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
async function dropReaction(
  trx: Knex.Transaction,
  user: UserRow,
  messageId: number,
  match: Partial<StoredReaction>,
  missing: string,
): Promise<void> {
  const existing = await userReaction(trx, user.id, messageId, match);
  if (!existing) throw badRequest(missing);
  await trx('reactions').where({ id: existing.id }).del();
  const { emoji_name, emoji_code, reaction_type } = existing;
  await notifyReaction(trx, user, messageId, 'remove', { emoji_name, emoji_code, reaction_type: admittedReactionType(reaction_type) });
}

/** POST /messages/{id}/reactions: the message, and the emoji's code and type (looked up by name when not given). */
export async function checkAddReaction(db: Knex, user: UserRow, request: ReactionRequest): Promise<CheckedNewReaction> {
  const name = request.emojiName ?? '';
  const accessed = await accessMessageToChange(db, user, request.messageId);
  const realmId = accessed.message.realm_id;
  const code = request.emojiCode ?? (await emojiCodeForName(db, realmId, name)).code;
  const type = request.reactionType ?? (await emojiCodeForName(db, realmId, name)).type;
  return { accessed, name, code, type };
}

export async function doAddReaction(db: Knex, user: UserRow, { accessed, name, code, type }: CheckedNewReaction): Promise<void> {
  const messageId = accessed.message.id;
  await db.transaction(async (trx) => {
    if (await userReaction(trx, user.id, messageId, { emoji_code: code, reaction_type: type }))
      throw badRequest('Reaction already exists.');
    // A second reactor with the same emoji votes for the first one: its name wins.
    const earlier = await firstReactionName(trx, messageId, code, type);
    if (earlier === undefined) await checkEmojiRequest(trx, accessed.message.realm_id, name, code, type);
    const emoji = { emoji_name: earlier ?? name, emoji_code: code, reaction_type: admittedReactionType(type) };
    await recordReaction(trx, user, accessed, emoji, 'Reaction already exists.');
  });
}

/** DELETE /messages/{id}/reactions: the message, and the emoji by code and type (by name when no code is given). */
export async function checkRemoveReaction(db: Knex, user: UserRow, request: ReactionRequest): Promise<CheckedOldReaction> {
  const { message } = await accessMessageToChange(db, user, request.messageId);
  const type = request.reactionType ?? 'unicode_emoji';
  let code = request.emojiCode;
  if (code === undefined) {
    if (request.emojiName === undefined) {
      throw badRequest('At least one of the following arguments must be present: emoji_name, emoji_code');
    }
    code = (await emojiCodeForName(db, message.realm_id, request.emojiName)).code;
  }
  return { message, match: { emoji_code: code, reaction_type: type } };
}

export async function doRemoveReaction(db: Knex, user: UserRow, { message, match }: CheckedOldReaction): Promise<void> {
  await db.transaction((trx) => dropReaction(trx, user, message.id, match, "Reaction doesn't exist."));
}

/** A legacy reaction to add: the emoji by name only (realm emoji first, as emoji_name_to_emoji_code). */
export interface CheckedLegacyReaction {
  accessed: AccessedMessage;
  emoji: { emoji_name: string; emoji_code: string; reaction_type: ReactionType };
}

/** PUT /messages/{id}/emoji_reactions/{name}: the message and the emoji the name stands for. */
export async function checkAddReactionLegacy(
  db: Knex,
  user: UserRow,
  messageId: number,
  emojiName: string,
): Promise<CheckedLegacyReaction> {
  const accessed = await accessMessageToChange(db, user, messageId);
  const { code, type } = await emojiCodeForName(db, accessed.message.realm_id, emojiName);
  return { accessed, emoji: { emoji_name: emojiName, emoji_code: code, reaction_type: type } };
}

/** Refused when the user already reacted with that name. */
export async function doAddReactionLegacy(db: Knex, user: UserRow, { accessed, emoji }: CheckedLegacyReaction): Promise<void> {
  await db.transaction(async (trx) => {
    if (await userReaction(trx, user.id, accessed.message.id, { emoji_name: emoji.emoji_name }))
      throw badRequest('Reaction already exists');
    await recordReaction(trx, user, accessed, emoji, 'Reaction already exists');
  });
}

/** DELETE /messages/{id}/emoji_reactions/{name}: the message; the user's reaction with that name goes, whatever its emoji. */
export async function checkRemoveReactionLegacy(
  db: Knex,
  user: UserRow,
  messageId: number,
  emojiName: string,
): Promise<CheckedOldReaction> {
  const { message } = await accessMessageToChange(db, user, messageId);
  return { message, match: { emoji_name: emojiName } };
}

export async function doRemoveReactionLegacy(db: Knex, user: UserRow, { message, match }: CheckedOldReaction): Promise<void> {
  await db.transaction((trx) => dropReaction(trx, user, message.id, match, 'Reaction does not exist'));
}

import type { Knex } from 'knex';

/**
 * Bit 32 of user_messages.flags is now topic_wildcard_mentioned (feature level 224; it was 2.1's
 * summarize_in_home, which nothing set), so is:mentioned reads mentioned, stream_wildcard_mentioned
 * and topic_wildcard_mentioned: its partial index covers the three bits.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS user_messages_mentioned');
  await knex.raw('CREATE INDEX user_messages_mentioned ON user_messages (user_id, message_id) WHERE (flags & 56) <> 0');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS user_messages_mentioned');
  await knex.raw('CREATE INDEX user_messages_mentioned ON user_messages (user_id, message_id) WHERE (flags & 24) <> 0');
}

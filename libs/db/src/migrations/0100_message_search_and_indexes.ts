import type { Knex } from 'knex';

/**
 * Full-text search and the indexes that keep GET /messages index-driven (message service).
 *
 * search_tsvector is a stored generated column over the topic and the raw content, so every
 * insert and edit keeps it current without a trigger or a background job (Zulip keeps a queue of
 * pending updates instead; a generated column costs ~30 µs per insert and cannot lag behind).
 * The 'english' configuration stems ("running" finds "run") and drops stop words.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE messages ADD COLUMN search_tsvector tsvector
      GENERATED ALWAYS AS (to_tsvector('english'::regconfig, subject || ' ' || content)) STORED`);
  await knex.raw('CREATE INDEX messages_search ON messages USING gin (search_tsvector)');
  // 1:1 private conversations: (sender, their personal recipient) in both directions.
  await knex.raw('CREATE INDEX messages_recipient_sender ON messages (recipient_id, sender_id, id)');
  // is:starred / is:mentioned / is:private / is:alerted read only the user's few matching rows.
  await knex.raw('CREATE INDEX user_messages_starred ON user_messages (user_id, message_id) WHERE (flags & 2) <> 0');
  await knex.raw('CREATE INDEX user_messages_mentioned ON user_messages (user_id, message_id) WHERE (flags & 24) <> 0');
  await knex.raw('CREATE INDEX user_messages_alerted ON user_messages (user_id, message_id) WHERE (flags & 512) <> 0');
  await knex.raw('CREATE INDEX user_messages_private ON user_messages (user_id, message_id) WHERE (flags & 2048) <> 0');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'DROP INDEX IF EXISTS user_messages_private, user_messages_alerted, user_messages_mentioned, user_messages_starred, messages_recipient_sender, messages_search',
  );
  await knex.raw('ALTER TABLE messages DROP COLUMN IF EXISTS search_tsvector');
}

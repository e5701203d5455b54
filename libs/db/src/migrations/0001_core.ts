import type { Knex } from 'knex';

/**
 * The core schema. Table ownership (only the owner writes; see docs/architecture.md):
 * settings: realms, users; subscription: streams, subscriptions; message: messages,
 * user_messages; recipients: appended by whichever service creates the user, stream or group of
 * users it addresses, in the same transaction; outbox: every service, through libs/db.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('realms', (t) => {
    t.increments('id');
    t.text('string_id').notNullable().unique();
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('email_domain').notNullable().defaultTo('');
    t.boolean('deactivated').notNullable().defaultTo(false);
    t.integer('notifications_stream_id');
    t.integer('signup_notifications_stream_id');
    t.jsonb('settings').notNullable().defaultTo('{}');
    t.timestamp('date_created', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('recipients', (t) => {
    t.increments('id');
    // 1 personal, 2 stream, 3 huddle (Zulip's Recipient.type values).
    t.smallint('type').notNullable();
    t.integer('type_id').notNullable();
    t.unique(['type', 'type_id']);
  });

  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.integer('realm_id').notNullable().references('realms.id');
    t.text('email').notNullable();
    t.text('delivery_email').notNullable();
    t.text('full_name').notNullable();
    t.text('short_name').notNullable().defaultTo('');
    t.text('role').notNullable().defaultTo('member');
    t.boolean('is_bot').notNullable().defaultTo(false);
    // 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded (Zulip's UserProfile.*_BOT).
    t.smallint('bot_type');
    t.integer('bot_owner_id').references('users.id');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('is_mirror_dummy').notNullable().defaultTo(false);
    // AES-256-GCM ciphertext of the API key, and the HMAC it is found by (never the key itself).
    t.text('api_key_enc').notNullable();
    t.text('api_key_hash').notNullable().unique();
    t.integer('recipient_id');
    t.integer('pointer').notNullable().defaultTo(-1);
    t.string('avatar_source', 1).notNullable().defaultTo('G');
    t.integer('avatar_version').notNullable().defaultTo(1);
    t.text('timezone').notNullable().defaultTo('');
    t.boolean('default_all_public_streams').notNullable().defaultTo(false);
    t.jsonb('settings').notNullable().defaultTo('{}');
    t.timestamp('date_joined', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX users_realm_email ON users (realm_id, lower(email))');
  await knex.raw(`ALTER TABLE users ADD CONSTRAINT users_role CHECK (role IN ('admin', 'member', 'guest'))`);

  await knex.schema.createTable('streams', (t) => {
    t.increments('id');
    t.integer('realm_id').notNullable().references('realms.id');
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('rendered_description').notNullable().defaultTo('');
    t.boolean('invite_only').notNullable().defaultTo(false);
    t.boolean('is_web_public').notNullable().defaultTo(false);
    t.boolean('is_announcement_only').notNullable().defaultTo(false);
    t.boolean('history_public_to_subscribers').notNullable().defaultTo(true);
    t.boolean('deactivated').notNullable().defaultTo(false);
    t.integer('recipient_id');
    t.text('email_token').notNullable();
    t.integer('first_message_id');
    t.timestamp('date_created', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX streams_realm_name ON streams (realm_id, lower(name))');

  await knex.schema.createTable('subscriptions', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id');
    t.integer('stream_id').notNullable().references('streams.id');
    t.boolean('active').notNullable().defaultTo(true);
    t.text('color').notNullable().defaultTo('#c2c2c2');
    t.boolean('is_muted').notNullable().defaultTo(false);
    t.boolean('pin_to_top').notNullable().defaultTo(false);
    // null: follow the user's global setting (Zulip 2.1).
    t.boolean('desktop_notifications');
    t.boolean('audible_notifications');
    t.boolean('push_notifications');
    t.boolean('email_notifications');
    t.boolean('wildcard_mentions_notify');
    t.unique(['user_id', 'stream_id']);
  });
  await knex.raw('CREATE INDEX subscriptions_stream_active ON subscriptions (stream_id) WHERE active');

  await knex.schema.createTable('messages', (t) => {
    t.increments('id');
    t.integer('realm_id').notNullable();
    t.integer('sender_id').notNullable();
    t.integer('recipient_id').notNullable();
    t.integer('stream_id');
    t.text('subject').notNullable().defaultTo('');
    t.text('content').notNullable();
    t.text('rendered_content').notNullable();
    t.integer('rendered_content_version').notNullable().defaultTo(1);
    t.text('sending_client').notNullable();
    t.timestamp('date_sent', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_edit_time', { useTz: true });
    t.jsonb('edit_history');
    t.boolean('has_attachment').notNullable().defaultTo(false);
    t.boolean('has_image').notNullable().defaultTo(false);
    t.boolean('has_link').notNullable().defaultTo(false);
    t.boolean('is_me_message').notNullable().defaultTo(false);
  });
  await knex.raw('CREATE INDEX messages_recipient ON messages (recipient_id, id)');
  await knex.raw('CREATE INDEX messages_recipient_topic ON messages (recipient_id, lower(subject), id)');
  await knex.raw('CREATE INDEX messages_sender ON messages (sender_id, id)');

  await knex.schema.createTable('user_messages', (t) => {
    t.integer('user_id').notNullable();
    t.integer('message_id').notNullable();
    // Zulip's bit flags: read 1, starred 2, collapsed 4, mentioned 8, wildcard_mentioned 16, ...
    t.integer('flags').notNullable().defaultTo(0);
    t.primary(['user_id', 'message_id']);
  });
  await knex.raw('CREATE INDEX user_messages_message ON user_messages (message_id)');
  await knex.raw('CREATE INDEX user_messages_unread ON user_messages (user_id, message_id) WHERE (flags & 1) = 0');

  await knex.schema.createTable('outbox', (t) => {
    t.bigIncrements('id');
    t.integer('partition_key').notNullable();
    t.jsonb('payload').notNullable();
    // The writing transaction's id: lets a reader fence events against a snapshot it took.
    t.bigInteger('tx_id').notNullable().defaultTo(knex.raw('txid_current()'));
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('published_at', { useTz: true });
  });
  await knex.raw('CREATE INDEX outbox_unpublished ON outbox (id) WHERE published_at IS NULL');
  await knex.raw('CREATE INDEX outbox_published_at ON outbox (published_at) WHERE published_at IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['outbox', 'user_messages', 'messages', 'subscriptions', 'streams', 'users', 'recipients', 'realms']) {
    await knex.schema.dropTableIfExists(table);
  }
}

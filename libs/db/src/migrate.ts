import type { Knex } from 'knex';
import { schemaRefusal, schemaStatus, SchemaVersionError, type SchemaStatus } from './schema-version';
import * as core from './migrations/0001_core';
import * as messageSearch from './migrations/0100_message_search_and_indexes';
import * as huddles from './migrations/0101_huddles';
import * as reactions from './migrations/0102_reactions';
import * as realmFilters from './migrations/0110_realm_filters';
import * as attachments from './migrations/0150_attachments';
import * as idempotencyKeys from './migrations/0160_idempotency_keys';
import * as mutedTopicsDefaultStreams from './migrations/0200_muted_topics_default_streams';
import * as userTopicVisibility from './migrations/0210_user_topic_visibility';
import * as settings from './migrations/0300_settings';
import * as presence from './migrations/0350_presence';
import * as userGroups from './migrations/0360_user_groups';
import * as webhookBotReminders from './migrations/0400_webhook_bot_reminders';
import * as realmStateVersions from './migrations/0500_realm_state_versions';
import * as outboxBusPosition from './migrations/0510_outbox_bus_position';
import * as outboxRequestId from './migrations/0600_outbox_request_id';
import * as mutedUsersSystemGroups from './migrations/0700_muted_users_system_groups';
import * as sessions from './migrations/0800_sessions';
import * as jobs from './migrations/0900_jobs';
import * as messageArchive from './migrations/0901_message_archive';
import * as botStorageRealmDomains from './migrations/0910_bot_storage_realm_domains';
import * as submessagesDefaultStreamGroups from './migrations/0920_submessages_default_stream_groups';
import * as invitations from './migrations/0930_invitations';
import * as botServicesMissedMessages from './migrations/0940_bot_services_missed_messages';
import * as topicWildcardMentions from './migrations/0950_topic_wildcard_mentions';
import * as followUpHolds from './migrations/0955_follow_up_holds';
import * as signupConfirmations from './migrations/0960_signup_confirmations';
import * as uploadedImages from './migrations/0970_uploaded_images';
import * as moderatorRole from './migrations/0980_moderator_role';
import * as externalLogins from './migrations/0990_external_logins';
import * as passwordResetTwoFactor from './migrations/0991_password_reset_two_factor';
import * as notificationsPushBouncer from './migrations/0992_notifications_push_bouncer';
import * as webPushAndDigests from './migrations/0993_web_push_and_digests';
import * as webPushShown from './migrations/0994_web_push_shown';

/**
 * Migrations are imported, not discovered on disk, so they run the same from TypeScript source,
 * from the bundled production build and from tests. Add new ones to the list in order.
 */
const MIGRATIONS: Record<string, { up(k: Knex): Promise<void>; down(k: Knex): Promise<void> }> = {
  '0001_core': core,
  '0100_message_search_and_indexes': messageSearch,
  '0101_huddles': huddles,
  '0102_reactions': reactions,
  '0110_realm_filters': realmFilters,
  '0150_attachments': attachments,
  '0160_idempotency_keys': idempotencyKeys,
  '0200_muted_topics_default_streams': mutedTopicsDefaultStreams,
  '0210_user_topic_visibility': userTopicVisibility,
  '0300_settings': settings,
  '0350_presence': presence,
  '0360_user_groups': userGroups,
  '0400_webhook_bot_reminders': webhookBotReminders,
  '0500_realm_state_versions': realmStateVersions,
  '0510_outbox_bus_position': outboxBusPosition,
  '0600_outbox_request_id': outboxRequestId,
  '0700_muted_users_system_groups': mutedUsersSystemGroups,
  '0800_sessions': sessions,
  '0900_jobs': jobs,
  '0901_message_archive': messageArchive,
  '0910_bot_storage_realm_domains': botStorageRealmDomains,
  '0920_submessages_default_stream_groups': submessagesDefaultStreamGroups,
  '0930_invitations': invitations,
  '0940_bot_services_missed_messages': botServicesMissedMessages,
  '0950_topic_wildcard_mentions': topicWildcardMentions,
  '0955_follow_up_holds': followUpHolds,
  '0960_signup_confirmations': signupConfirmations,
  '0970_uploaded_images': uploadedImages,
  '0980_moderator_role': moderatorRole,
  '0990_external_logins': externalLogins,
  '0991_password_reset_two_factor': passwordResetTwoFactor,
  '0992_notifications_push_bouncer': notificationsPushBouncer,
  '0993_web_push_and_digests': webPushAndDigests,
  '0994_web_push_shown': webPushShown,
};

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = MIGRATIONS[name];
    if (!migration) throw new Error(`unknown migration ${name}`);
    return migration;
  },
};

/** Every migration's name, in order (knex records each it ran in knex_migrations). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

/**
 * Brings the schema up to date; safe to run from several processes (knex takes a lock). A schema
 * newer than this code (a rollback) is left as it is, and its status returned for the caller to
 * warn about: knex would otherwise refuse it as a corrupt migration directory.
 */
export async function migrate(knex: Knex): Promise<SchemaStatus> {
  const before = await schemaStatus(knex, MIGRATION_NAMES);
  if (before.unknown.length > 0) {
    const refusal = schemaRefusal(before);
    if (refusal) throw new SchemaVersionError(refusal);
    return before;
  }
  await knex.migrate.latest({ migrationSource: source });
  return { ran: MIGRATION_NAMES.length, pending: [], unknown: [] };
}

/** Throws SchemaVersionError unless this code may serve the database as it is; resolves to its status. */
export async function assertSchemaServes(knex: Knex): Promise<SchemaStatus> {
  const status = await schemaStatus(knex, MIGRATION_NAMES);
  const refusal = schemaRefusal(status);
  if (refusal) throw new SchemaVersionError(refusal);
  return status;
}

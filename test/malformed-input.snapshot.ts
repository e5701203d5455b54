/**
 * Did a request change the database? A cheap test first: PostgreSQL hands out a transaction id
 * only to a transaction that writes, so if the next id to assign is unchanged, nothing was written.
 * Only when it moved is every table compared (row count and an md5 of its rows, in order).
 */
import type { Database } from '@chat/db';

type Knex = Database['knex'];

/**
 * Rows a rejected request may legitimately write or that change on their own:
 * - login_attempts: a failed password login is recorded on purpose (the login rate limit);
 * - knex's migration bookkeeping;
 * - outbox.published_at: the relay marks rows after publishing, whenever it gets to them.
 */
const SKIPPED_TABLES = new Set(['login_attempts', 'knex_migrations', 'knex_migrations_lock']);
const ROW_TEXT: Record<string, string> = { outbox: '(t.id, t.partition_key, t.payload, t.tx_id)::text' };

export type Fingerprint = Map<string, string>;

/** The next transaction id PostgreSQL will assign: it moves only when something writes. */
export async function nextTransactionId(knex: Knex): Promise<string> {
  const { rows } = (await knex.raw('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax')) as { rows: { xmax: string }[] };
  return rows[0]!.xmax;
}

async function tableNames(knex: Knex): Promise<string[]> {
  const { rows } = (await knex.raw(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  )) as { rows: { table_name: string }[] };
  return rows.map((r) => r.table_name).filter((name) => !SKIPPED_TABLES.has(name));
}

/** One row per table: its name, its row count and an md5 of its rows. */
export async function fingerprint(knex: Knex): Promise<Fingerprint> {
  const tables = await tableNames(knex);
  const selects = tables.map((table) => {
    const row = ROW_TEXT[table] ?? 't::text';
    return `SELECT '${table}' AS name, count(*)::text || ':' || coalesce(md5(string_agg(${row}, ',' ORDER BY ${row})), '') AS sum FROM "${table}" t`;
  });
  const { rows } = (await knex.raw(selects.join(' UNION ALL '))) as { rows: { name: string; sum: string }[] };
  return new Map(rows.map((r) => [r.name, r.sum]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

/**
 * A rejected incoming-webhook request may tell the bot's owner (Zulip's
 * send_rate_limited_pm_to_bot_owner): a private message from Notification Bot and the bot's
 * reminder slot. True when that is all that changed since `sinceMessageId`.
 */
const OWNER_ALERT_TABLES = new Set(['messages', 'user_messages', 'outbox', 'webhook_bot_reminders']);

export async function onlyOwnerAlerts(knex: Knex, changed: string[], sinceMessageId: number): Promise<boolean> {
  if (changed.some((table) => !OWNER_ALERT_TABLES.has(table))) return false;
  const others = (await knex('messages as m')
    .join('users as u', 'u.id', 'm.sender_id')
    .where('m.id', '>', sinceMessageId)
    .whereNot('u.email', 'notification-bot@zulip.com')
    .count({ n: '*' })) as { n: string | number }[];
  return Number(others[0]!.n) === 0;
}

export async function maxMessageId(knex: Knex): Promise<number> {
  const rows = (await knex('messages').max({ max: 'id' })) as { max: number | null }[];
  return Number(rows[0]!.max ?? 0);
}

/**
 * The database as last seen, compared after each rejected request. The next transaction id is
 * read once per request (after it); only when it moved is every table fingerprinted. Writes that
 * land between requests (the relay marking outbox rows) touch only what the fingerprint skips.
 */
export class DatabaseWatch {
  private xid = '';
  private print: Fingerprint = new Map();
  private lastMessageId = 0;
  /** Rejected requests after which a transaction had committed, so every table was compared. */
  deepChecks = 0;

  constructor(private readonly knex: Knex) {}

  /** Takes a new baseline if anything was written since the last one (after a success). */
  async refresh(): Promise<void> {
    const xid = await nextTransactionId(this.knex);
    if (xid === this.xid) return;
    this.xid = xid;
    this.print = await fingerprint(this.knex);
    this.lastMessageId = await maxMessageId(this.knex);
  }

  /**
   * After a rejected request: the tables it changed, beyond the owner alert a rejected webhook
   * may send ('owner-alert' alone when that is all), or [] when nothing changed.
   */
  async changesSinceBaseline(): Promise<string[]> {
    const xid = await nextTransactionId(this.knex);
    if (xid === this.xid) return [];
    this.deepChecks++;
    const before = { print: this.print, lastMessageId: this.lastMessageId };
    this.xid = '';
    await this.refresh();
    const changed = changedTables(before.print, this.print);
    if (changed.length === 0) return [];
    return (await onlyOwnerAlerts(this.knex, changed, before.lastMessageId)) ? ['owner-alert'] : changed;
  }
}

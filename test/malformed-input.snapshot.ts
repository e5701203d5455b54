/**
 * Did a request change the database? PostgreSQL hands out a transaction id only to a transaction
 * that writes, so if the next id to assign has not moved, nothing was written. When it has, every
 * table is asked for rows inserted or updated since the baseline (their `xmin`, the transaction
 * that wrote the row version, is at or past the baseline's next id) and for its row count (a
 * deletion). That costs a count per table, not a hash of every row, so the run stays fast as the
 * tables grow with the requests that succeed.
 */
import type { Database } from '@chat/db';
import { provesNothingHappensFor, waitFor } from '@chat/testing';

type Knex = Database['knex'];

/**
 * Tables a rejected request may legitimately write, or that change on their own:
 * - login_attempts: a failed password login is recorded on purpose (the login rate limit);
 * - knex's migration bookkeeping.
 */
const SKIPPED_TABLES = new Set(['login_attempts', 'knex_migrations', 'knex_migrations_lock']);
/** The relay updates outbox rows (published_at) whenever it gets to them: only a new row counts. */
const COUNT_ONLY_TABLES = new Set(['outbox']);

/** How long no transaction may write for the background work to count as settled. */
const QUIET_MS = 30;

/** Rows per table. */
type Counts = Map<string, number>;

/** The next transaction id PostgreSQL will assign: it moves only when something writes. */
async function nextTransactionId(knex: Knex): Promise<string> {
  const { rows } = (await knex.raw('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax')) as { rows: { xmax: string }[] };
  return rows[0]!.xmax;
}

async function tableNames(knex: Knex): Promise<string[]> {
  const { rows } = (await knex.raw(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  )) as { rows: { table_name: string }[] };
  return rows.map((r) => r.table_name).filter((name) => !SKIPPED_TABLES.has(name));
}

/** Per table: its row count, and how many row versions transactions from `sinceXid` on wrote. */
async function survey(knex: Knex, tables: string[], sinceXid: string): Promise<{ name: string; total: number; written: number }[]> {
  // xmin is the 32-bit transaction id; a test database never wraps around.
  const since = Number(BigInt(sinceXid) % 2n ** 32n);
  const selects = tables.map((table) => {
    const written = COUNT_ONLY_TABLES.has(table) ? '0' : `count(*) FILTER (WHERE xmin::text::bigint >= ${since})`;
    return `SELECT '${table}' AS name, count(*) AS total, ${written} AS written FROM "${table}"`;
  });
  const { rows } = (await knex.raw(selects.join(' UNION ALL '))) as {
    rows: { name: string; total: string | number; written: string | number }[];
  };
  return rows.map((r) => ({ name: r.name, total: Number(r.total), written: Number(r.written) }));
}

/**
 * A rejected incoming-webhook request may tell the bot's owner (Zulip's
 * send_rate_limited_pm_to_bot_owner): a private message from Notification Bot and the bot's
 * reminder slot, and, as for any private message, the owner's pending notification, their
 * missed-message e-mail batch and the jobs that send them. True when that is all that changed since `sinceMessageId`.
 */
const OWNER_ALERT_TABLES = new Set([
  'messages',
  'user_messages',
  'outbox',
  'webhook_bot_reminders',
  'missed_message_emails',
  'pending_notifications',
  'job_requests',
  'jobs',
]);

async function onlyOwnerAlerts(knex: Knex, changed: string[], sinceMessageId: number): Promise<boolean> {
  if (changed.some((table) => !OWNER_ALERT_TABLES.has(table))) return false;
  const others = (await knex('messages as m')
    .join('users as u', 'u.id', 'm.sender_id')
    .where('m.id', '>', sinceMessageId)
    .whereNot('u.email', 'notification-bot@zulip.com')
    .count({ n: '*' })) as { n: string | number }[];
  return Number(others[0]!.n) === 0;
}

async function maxMessageId(knex: Knex): Promise<number> {
  const rows = (await knex('messages').max({ max: 'id' })) as { max: number | null }[];
  return Number(rows[0]!.max ?? 0);
}

/**
 * The database as last seen, checked after each rejected request. Writes that land between
 * requests (the relay marking outbox rows) touch only what the check leaves out.
 */
export class DatabaseWatch {
  private tables: string[] = [];
  private xid = '';
  private counts: Counts = new Map();
  private lastMessageId = 0;
  /** Rejected requests after which a transaction had committed, so every table was checked. */
  deepChecks = 0;

  constructor(private readonly knex: Knex) {}

  /**
   * Waits until the background work due now has run: the server's start-up jobs (the first
   * retention run) and what a successful request asked for (a Notification Bot follow-up, posted
   * by a job a moment after the answer). Their writes must land before the next baseline, or a
   * rejected request that follows would be blamed for them. Jobs delayed into the future (a
   * missed-message e-mail's two minutes) are not waited for. Nothing due must also be seen
   * across a quiet moment with no write: a schedule firing moves itself before it inserts its
   * job, and between the two nothing looks due.
   */
  async settle(): Promise<void> {
    const busy = async () => {
      const { rows } = (await this.knex.raw(
        `SELECT (SELECT count(*) FROM job_requests WHERE enqueued_at IS NULL)
              + (SELECT count(*) FROM jobs WHERE state = 'active' OR (state = 'waiting' AND run_at <= now()))
              + (SELECT count(*) FROM job_schedules WHERE next_run_at <= now()) AS n`,
      )) as { rows: { n: string | number }[] };
      return Number(rows[0]!.n);
    };
    const quiet = async () => {
      const xid = await nextTransactionId(this.knex);
      if ((await busy()) > 0) return false;
      const wrote = async () => (await nextTransactionId(this.knex)) !== xid;
      return provesNothingHappensFor(QUIET_MS, wrote, 'a write').then(
        () => true,
        () => false,
      );
    };
    await waitFor(quiet, 15_000, { what: 'the background jobs due now finished' });
  }

  /** Takes a new baseline if anything was written since the last one (after a success). */
  async refresh(): Promise<void> {
    const xid = await nextTransactionId(this.knex);
    if (xid === this.xid) return;
    if (this.tables.length === 0) this.tables = await tableNames(this.knex);
    this.xid = xid;
    this.counts = new Map((await survey(this.knex, this.tables, xid)).map((t) => [t.name, t.total]));
    this.lastMessageId = await maxMessageId(this.knex);
  }

  /**
   * After a rejected request: the tables it wrote, or ['owner-alert'] when it only alerted a
   * webhook bot's owner, or [] when nothing changed.
   */
  async changesSinceBaseline(): Promise<string[]> {
    const xid = await nextTransactionId(this.knex);
    if (xid === this.xid) return [];
    this.deepChecks++;
    const now = await survey(this.knex, this.tables, this.xid);
    const changed = now.filter((t) => t.written > 0 || t.total !== this.counts.get(t.name)).map((t) => t.name);
    const ownerAlert = changed.length > 0 && (await onlyOwnerAlerts(this.knex, changed, this.lastMessageId));
    this.xid = '';
    await this.refresh();
    if (changed.length === 0) return [];
    return ownerAlert ? ['owner-alert'] : changed;
  }
}

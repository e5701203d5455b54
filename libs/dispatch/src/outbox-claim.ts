/**
 * The relay's statements. A batch used to take four round trips (select the unsent rows, draw
 * positions, store them, mark the rows published after the publish), and on PGlite each statement
 * costs about a millisecond of the event loop; at a send per batch that was a third of a send's
 * statements. Here one statement marks the batch published before and selects, numbers and returns
 * the next one.
 */
import type { Knex } from 'knex';
import type { Notice } from '@chat/events';

export interface OutboxRow {
  id: number | string;
  partition_key: number;
  tx_id: number | string;
  payload: Notice | string;
  created_at: Date | string;
  request_id: string | null;
  /** The row's bus position: kept from an earlier publish, or drawn by this claim. */
  bus_pos: number | string;
}

/**
 * Marks `published` (the batch before, whose publish the bus acknowledged) and claims up to
 * `limit` unsent rows: replayed rows (which keep their positions) first in position order, then
 * new rows in id order with positions drawn from the sequence in that same order (the drawn
 * values are sorted, so the order PostgreSQL evaluates nextval in does not matter).
 *
 * The marking and the selection share a snapshot, so the selection excludes the rows being
 * marked by id; the two updates touch disjoint rows.
 */
export async function claimBatch(knex: Knex, published: readonly number[], limit: number): Promise<OutboxRow[]> {
  const { rows } = (await knex.raw(
    `WITH marked AS (
       UPDATE outbox SET published_at = now() WHERE id = ANY(?::bigint[])
     ), batch AS (
       SELECT id, partition_key, tx_id, payload, created_at, request_id, bus_pos
         FROM outbox
        WHERE published_at IS NULL AND NOT (id = ANY(?::bigint[]))
        ORDER BY bus_pos NULLS LAST, id
        LIMIT ?
     ), unnumbered AS (
       SELECT id, row_number() OVER (ORDER BY id) AS k FROM batch WHERE bus_pos IS NULL
     ), drawn AS (
       SELECT pos, row_number() OVER (ORDER BY pos) AS k
         FROM (SELECT nextval('outbox_bus_pos') AS pos FROM generate_series(1, (SELECT count(*) FROM unnumbered))) AS fresh
     ), numbered AS (
       UPDATE outbox SET bus_pos = drawn.pos
         FROM unnumbered JOIN drawn USING (k)
        WHERE outbox.id = unnumbered.id
       RETURNING outbox.id, outbox.bus_pos
     )
     SELECT batch.id, batch.partition_key, batch.tx_id, batch.payload, batch.created_at, batch.request_id,
            COALESCE(batch.bus_pos, numbered.bus_pos) AS bus_pos
       FROM batch LEFT JOIN numbered USING (id)
      ORDER BY batch.bus_pos NULLS LAST, batch.id`,
    [[...published], [...published], limit],
  )) as { rows: OutboxRow[] };
  return rows;
}

import type { BusEvent } from '@chat/events';

export interface StoredRecord {
  id: string;
  partition: number;
  seq: number;
  position?: number;
  payload: BusEvent;
}

/**
 * One partition's records, addressed by absolute position (0 = the first record ever appended),
 * so that group cursors stay valid while the head is trimmed.
 */
export class PartitionLog {
  /** Absolute position of records[0]. */
  private offset = 0;
  /** Absolute position of the first record still readable; records before it are garbage. */
  private floor = 0;
  private records: StoredRecord[] = [];

  get start(): number {
    return this.floor;
  }

  get end(): number {
    return this.offset + this.records.length;
  }

  /** Records in memory, including a dead head not yet compacted. */
  get held(): number {
    return this.records.length;
  }

  append(record: StoredRecord): void {
    this.records.push(record);
  }

  at(position: number): StoredRecord | undefined {
    return position < this.floor ? undefined : this.records[position - this.offset];
  }

  /** Forgets every record before `position`. Copying the array on each trim would cost O(n) per
   * record, so a dead head is compacted only once it is the whole array, or at least 1024 records
   * and half of it: amortised O(1), and at most max(1024, live) dead records stay in memory. */
  trimTo(position: number): void {
    this.floor = Math.min(Math.max(this.floor, position), this.end);
    const dead = this.floor - this.offset;
    // Fully handled (the usual state when consumers keep up) costs nothing to drop.
    if (dead === this.records.length || (dead >= 1024 && dead * 2 >= this.records.length)) {
      this.records = this.records.slice(dead);
      this.offset = this.floor;
    }
  }
}

/**
 * The ids published within the deduplication window, like JetStream's duplicate_window. A Map
 * keeps insertion order, so the oldest ids are pruned from its front; the count cap bounds memory
 * under a burst larger than the window would otherwise hold.
 */
export class RecentIds {
  private readonly seenAt = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly maxIds: number,
  ) {}

  /** Records `id` and says whether it is new (false: published within the window, drop it). */
  add(id: string, now: number): boolean {
    this.prune(now);
    if (this.seenAt.has(id)) return false;
    this.seenAt.set(id, now);
    return true;
  }

  private prune(now: number): void {
    for (const [id, at] of this.seenAt) {
      if (this.seenAt.size <= this.maxIds && at > now - this.windowMs) break;
      this.seenAt.delete(id);
    }
  }
}

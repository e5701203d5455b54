/**
 * The realm-wide part of /register's initial state (realm settings, users, emoji, linkifiers,
 * profile fields, groups, default streams: what every member of a realm is shown alike), kept
 * per process and keyed by the realm's state version.
 *
 * Why a version and not a time-to-live: /register reads its state in one REPEATABLE READ snapshot
 * and then drops the events of every transaction that snapshot saw (the fence). A cached piece is
 * therefore only right for a register whose snapshot sees exactly the state the piece was built
 * from. Every transaction that changes realm-wide state bumps `realm_state_versions` in the same
 * transaction (writeNotices), and the register reads the version inside its snapshot: same
 * version, same realm-wide state. The root realm is part of the key too, because realm_uri
 * drops the subdomain for the realm served on the bare host (getRootRealm).
 */
import { ROOT_REALM_ORDER, type Executor } from '@chat/db';

export interface RealmStateVersion {
  realmId: number;
  version: number;
  /** The realm served on the bare host (its realm_uri has no subdomain); null with no realm. */
  rootRealmId: number | null;
}

/** Serves a piece from the cache or builds it with `compute` in the caller's snapshot. */
export interface RealmWidePieces {
  get<T>(piece: string, compute: () => Promise<T>): Promise<T>;
}

/** No cache: every piece is read in the snapshot (the default of fetchInitialState). */
export const UNCACHED: RealmWidePieces = { get: (_piece, compute) => compute() };

interface Entry {
  key: string;
  /** Promises, so 2,000 registers arriving together build each piece once, not 2,000 times. */
  pieces: Map<string, Promise<unknown>>;
}

export interface RealmCacheStats {
  hits: number;
  misses: number;
}

export class RealmStateCache {
  private readonly entries = new Map<number, Entry>();
  readonly stats: RealmCacheStats = { hits: 0, misses: 0 };

  /** The pieces valid for this snapshot's version; an entry of another version is replaced. */
  forVersion(version: RealmStateVersion): RealmWidePieces {
    const key = `${version.version}:${version.rootRealmId}`;
    let entry = this.entries.get(version.realmId);
    if (!entry || entry.key !== key) {
      entry = { key, pieces: new Map() };
      this.entries.set(version.realmId, entry);
    }
    const current = entry;
    return { get: (piece, compute) => this.piece(current, piece, compute) };
  }

  private async piece<T>(entry: Entry, piece: string, compute: () => Promise<T>): Promise<T> {
    const pending = entry.pieces.get(piece) as Promise<T> | undefined;
    if (pending) {
      try {
        const value = await pending;
        this.stats.hits++;
        return value;
      } catch {
        // The register that was building it failed (its transaction, not the state): build it here.
      }
    }
    this.stats.misses++;
    const built = compute().then(deepFreeze);
    entry.pieces.set(piece, built);
    built.catch(() => {
      if (entry.pieces.get(piece) === built) entry.pieces.delete(piece);
    });
    return built;
  }
}

/** The realm's version and the root realm (its realm_uri has no subdomain), in one read. */
const STATE_VERSION_SQL = `SELECT coalesce((SELECT version FROM realm_state_versions WHERE realm_id = ?), 0) AS version,
  (SELECT id FROM realms ORDER BY ${ROOT_REALM_ORDER} LIMIT 1) AS root_realm_id`;

/**
 * The realm's state version as the caller's snapshot sees it. A realm no transaction has changed
 * since migration 0500 has no row: version 0.
 */
export async function readRealmStateVersion(db: Executor, realmId: number): Promise<RealmStateVersion> {
  const { rows } = (await db.raw(STATE_VERSION_SQL, [realmId])) as {
    rows: { version: number | string; root_realm_id: number | string | null }[];
  };
  const root = rows[0]!.root_realm_id;
  return { realmId, version: Number(rows[0]!.version), rootRealmId: root === null ? null : Number(root) };
}

/** Shared between responses: freezing makes a handler that would edit a cached piece fail loudly. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
  }
  return value;
}

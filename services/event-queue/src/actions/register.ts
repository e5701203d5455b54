/**
 * POST /register (Zulip's do_events_register): allocate a queue, then fetch the initial state of
 * the wanted types. The queue exists before the state is read, so no event committed after the
 * read can be missed.
 */
import type { Database } from '@chat/db';
import { ApiError, badRequest, plainError } from '@chat/errors';
import type { ClientCapability } from '@chat/events';
import { parseSnapshot, type QueueDescriptor } from '@chat/queue-store';
import type { EventQueueDeps } from '../deps';
import { SUPPORTED_NARROW_OPERATORS } from '../lib/event-filter';
import { RegisterSlots } from '../lib/register-slots';
import { currentSnapshot } from '../queries/snapshot';
import { fetchInitialState } from '../queries/state';
import { readRealmStateVersion, RealmStateCache } from '../queries/state/realm-cache';
import { MAX_HEARTBEAT_SECS } from './get-events';

/** Zulip's MAX_QUEUE_TIMEOUT_SECS; the default idle timeout is config.eventQueueTimeoutSecs (600). */
const MAX_QUEUE_TIMEOUT_SECS = 7 * 24 * 60 * 60;

export interface RegisterRequest {
  /** With initial state (POST /register): fence the queue with the state's snapshot. */
  withState?: boolean;
  userId: number;
  realmId: number;
  clientName: string;
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allPublicStreams: boolean;
  includeSubscribers: boolean;
  /** Guests read only their own streams (Zulip's can_access_public_streams). */
  isGuest: boolean;
  eventTypes: string[] | null;
  fetchEventTypes: string[] | null;
  narrow: unknown;
  lifespanSecs: number;
  capabilities: ClientCapability[];
  /** Presences keyed by user id (Zulip's slim_presence), else by e-mail as in 2.1. */
  slimPresence: boolean;
}

/** Accepts the spec's single pair ["stream","Denmark"] and Zulip's list of pairs. */
export function normalizeNarrow(narrow: unknown): [string, string][] {
  if (narrow === undefined || narrow === null) return [];
  if (!Array.isArray(narrow)) throw badRequest('narrow is not a list');
  const pairs = narrow.length === 2 && narrow.every((x) => typeof x === 'string') ? [narrow] : narrow;
  return pairs.map((pair: unknown, i: number) => {
    if (!Array.isArray(pair) || pair.length !== 2 || pair.some((x) => typeof x !== 'string')) {
      throw badRequest(`narrow[${i}] is not a list of two strings`);
    }
    const [operator, operand] = pair as [string, string];
    if (!SUPPORTED_NARROW_OPERATORS.has(operator)) throw badRequest(`Operator ${operator} not supported.`);
    return [operator, operand];
  });
}

export async function allocateQueue(deps: EventQueueDeps, request: RegisterRequest): Promise<QueueDescriptor> {
  if (request.allPublicStreams && request.isGuest) throw plainError('User not authorized for this query');
  const lifespan = request.lifespanSecs > 0 ? Math.min(request.lifespanSecs, MAX_QUEUE_TIMEOUT_SECS) : deps.config.eventQueueTimeoutSecs;
  const queue: QueueDescriptor = {
    id: await deps.store.newQueueId(),
    userId: request.userId,
    realmId: request.realmId,
    eventTypes: request.eventTypes,
    narrow: normalizeNarrow(request.narrow),
    applyMarkdown: request.applyMarkdown,
    clientGravatar: request.clientGravatar,
    allPublicStreams: request.allPublicStreams,
    includeSubscribers: request.includeSubscribers,
    ...(request.isGuest ? { guest: true } : {}),
    ...(request.capabilities.length > 0 ? { capabilities: [...request.capabilities] } : {}),
    clientName: request.clientName,
    timeoutSecs: lifespan,
    lastActivity: Date.now(),
    registering: request.withState === true,
  };
  try {
    await deps.store.create(queue);
  } catch (err) {
    deps.logger.error({ err }, 'queue allocation failed');
    throw new ApiError('Could not allocate event queue');
  }
  return queue;
}

/** What a process keeps for /register, per database pool: the realm-wide state cache and the slots. */
export interface RegisterResources {
  cache: RealmStateCache;
  slots: RegisterSlots;
}

// Keyed by the pool, not global: one per process in production, and tests that run several
// clusters (several databases) in one process never share a cache.
const resourcesByDatabase = new WeakMap<Database, RegisterResources>();

export function registerResources(deps: Pick<EventQueueDeps, 'db' | 'config'>): RegisterResources {
  let resources = resourcesByDatabase.get(deps.db);
  if (!resources) {
    resources = { cache: new RealmStateCache(), slots: new RegisterSlots(deps.config.registerConcurrency) };
    resourcesByDatabase.set(deps.db, resources);
  }
  return resources;
}

/**
 * No event lost, none applied twice: the queue exists (recording each event's transaction)
 * before the state is read; the state is read in one REPEATABLE READ snapshot; then the queue is
 * fenced with that snapshot, which drops the events the state already holds, whether they
 * reached the queue during the read or reach it later (the relay and the bus are asynchronous).
 * The realm-wide part comes from the cache only for the realm state version read in that same
 * snapshot, so it is exactly what the snapshot would have read.
 */
export async function registerQueue(deps: EventQueueDeps, request: RegisterRequest): Promise<Record<string, unknown>> {
  const { cache, slots } = registerResources(deps);
  return slots.run(async () => {
    const queue = await allocateQueue(deps, { ...request, withState: true });
    const wanted = request.fetchEventTypes ?? request.eventTypes;
    const { snapshot, state } = await deps.db.knex.transaction(
      async (trx) => {
        // The first statement fixes the transaction's snapshot; every read below uses it.
        const snapshot = await currentSnapshot(trx);
        const version = await readRealmStateVersion(trx, request.realmId);
        const read = await fetchInitialState(
          trx,
          {
            userId: request.userId,
            realmId: request.realmId,
            wanted,
            clientGravatar: request.clientGravatar,
            includeSubscribers: request.includeSubscribers,
            capabilities: request.capabilities,
            slimPresence: request.slimPresence,
            server: {
              externalHost: deps.config.externalHost,
              maxFileUploadSizeMb: deps.config.maxFileUploadSizeMb,
              longestPollSecs: deps.config.heartbeatSecs ?? MAX_HEARTBEAT_SECS,
              push: deps.config.push,
              authBackends: { development: deps.config.env === 'development', oidc: deps.config.oidc !== null },
            },
            apiKeySecret: deps.config.apiKeySecret,
          },
          cache.forVersion(version),
        );
        return { snapshot: parseSnapshot(snapshot), state: read };
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
    await deps.store.setFence(queue.id, snapshot);
    return { queue_id: queue.id, last_event_id: -1, ...state };
  });
}

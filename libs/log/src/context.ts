/**
 * The request a piece of work belongs to, carried implicitly through async calls so that code far
 * from the HTTP layer (writeNotices in a domain transaction, a bus handler) can tag what it does
 * without every signature growing a parameter.
 *
 * The id is born at the gateway (x-request-id, or generated), travels to services in that header,
 * is stored on the outbox row, rides the bus event, and is restored by the event-queue worker, so
 * one grep over the JSON logs follows a message from send to long-poll.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
  /**
   * Users whose credentials the request's writes changed (notifyAuthChange), so the HTTP layer can
   * tell the gateway that carried it before the answer leaves; absent outside an endpoint.
   */
  authChanges?: Set<number>;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` (and everything it awaits or schedules) with `context` as the current request. */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * Ids we accept from a caller: a proxy's or client's id is kept for correlation, but it ends up
 * in logs and a database column, so it is bounded and limited to token characters.
 */
export function isValidRequestId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9._:/+=-]{1,128}$/.test(value);
}

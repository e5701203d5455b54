/** What Trello's card and board messages share: the board as topic, the action's data, links. */
import { invalidArgument, missingArgument } from '@chat/errors';
import { unsupportedEvent } from '../../framework/errors';
import type { WebhookMessage } from '../../framework/integration';
import { isObject, requireString, type Json, type JsonObject } from '../../framework/payload';

/** `action.data`, where Trello puts what the action was about. */
export function actionData(payload: JsonObject): JsonObject {
  const data = isObject(payload.action) ? payload.action.data : undefined;
  if (!isObject(data)) throw missingArgument('action.data');
  return data;
}

/** `key` of an object of the payload, present or not; own keys only (parsed objects inherit toString). */
export function field(object: Json | undefined, key: string): Json | undefined {
  return isObject(object) && Object.hasOwn(object, key) ? object[key] : undefined;
}

/** An object the action must have (`old`, `card`, ...). */
export function requireObject(data: JsonObject, key: string): JsonObject {
  const found = field(data, key);
  if (!isObject(found)) throw missingArgument(key);
  return found;
}

/** An action of a type Trello names but whose change Zulip does not post. */
export function unsupported(actionType: string): Error {
  return unsupportedEvent(actionType);
}

/** One message per action, in the board's topic; Zulip gives it no event type to filter on. */
export function boardMessage(payload: JsonObject, body: string): WebhookMessage {
  return { topic: requireString(actionData(payload), 'board.name'), content: body, eventType: null };
}

/** A due date as Zulip writes moments: `<time:...>` with the offset the date was given in. */
export function globalTime(value: string): string {
  const parts = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})$/.exec(value);
  if (!parts) throw invalidArgument('due', value);
  const offset = parts[4] === 'Z' ? '+00:00' : parts[4]!.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  return `<time:${parts[1]}T${parts[2]}${parts[3] ?? ':00'}${offset}>`;
}

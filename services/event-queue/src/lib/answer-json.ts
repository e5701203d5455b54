/**
 * The JSON of a GET /events answer (Zulip's json_response: envelope first, newline at the end),
 * with each message body serialized once per process instead of once per queue. A fan-out hands
 * one body object per rendering variant to every queue it reaches (the memory store keeps that
 * object, the Redis store shares one parsed object per stored body), so 10,000 woken polls used to
 * stringify the same body 10,000 times; now they splice the text made by the first.
 */
import type { QueuedEvent } from '@chat/queue-store';

/** Text of each body already serialized; bodies are never changed once queued (read-only). */
const bodyJson = new WeakMap<object, string>();

/** Stand-ins spliced over after JSON.stringify; a NUL cannot come out of JSON.stringify unescaped. */
const BODY_SLOT = '\u0000message\u0000';
const BODY_SLOT_JSON = JSON.stringify(BODY_SLOT);
const EVENTS_SLOT = '\u0000events\u0000';
const EVENTS_SLOT_JSON = JSON.stringify(EVENTS_SLOT);

function eventJson(event: QueuedEvent): string {
  const body = event.message;
  if (typeof body !== 'object' || body === null) return JSON.stringify(event);
  let text = bodyJson.get(body);
  if (text === undefined) {
    text = JSON.stringify(body);
    bodyJson.set(body, text);
  }
  const bodyText = text;
  // Spreading keeps the key order, so the body goes back where it was. A function replacement:
  // a body's `$&` or `$1` must stay text.
  return JSON.stringify({ ...event, message: BODY_SLOT }).replace(BODY_SLOT_JSON, () => bodyText);
}

/** The body sendSuccess would write for `data` (same keys, same order), and the same bytes. */
export function answerJson(data: { events: QueuedEvent[] } & Record<string, unknown>): string {
  const events = `[${data.events.map(eventJson).join(',')}]`;
  const envelope = JSON.stringify({ result: 'success', msg: '', ...data, events: EVENTS_SLOT });
  return `${envelope.replace(EVENTS_SLOT_JSON, () => events)}\n`;
}

/**
 * Freshdesk's automation rules calling a webhook (Dispatch'r on creation, Observer on changes):
 * a new ticket with its description, a note added, or a status or priority change, one topic per
 * ticket. Freshdesk authenticates with HTTP Basic (the endpoint's declaration says so).
 */
import { invalidArgument } from '@chat/errors';
import type { Integration } from '../../framework/integration';
import { requireString, type JsonObject } from '../../framework/payload';
import { htmlToMarkdown } from './html-to-markdown';

/**
 * Freshdesk sends a status or priority as its number only; these are the names of its default
 * ones (statuses 6 to 8 are those of the helpdesk the integration was written for).
 */
const STATUSES = ['', '', 'Open', 'Pending', 'Resolved', 'Closed', 'Waiting on Customer', 'Job Application', 'Monthly'];
const PRIORITIES = ['', 'Low', 'Medium', 'High', 'Urgent'];

function valueName(property: string, index: number): string {
  const names = property === 'status' ? STATUSES : property === 'priority' ? PRIORITIES : undefined;
  if (!names) return '';
  // A negative index counts from the end, as Python's lists do.
  return index < names.length ? (names.at(index) ?? String(index)) : String(index);
}

/**
 * `{ticket_action:created}` or `{status:{from:4,to:6}}` (not JSON: nothing is quoted) as
 * [action, value] or [property, old name, new name].
 */
function parseEvent(event: string): string[] {
  const parts = event.replace(/[{}]/g, '').replace(/,/g, ':').split(':');
  if (parts.length === 2) return parts;
  const [property, , from, , to] = parts;
  const number = (text: string | undefined) => (text !== undefined && /^\s*[-+]?\d+\s*$/.test(text) ? Number(text) : NaN);
  if (parts.length !== 5 || Number.isNaN(number(from)) || Number.isNaN(number(to))) throw invalidArgument('triggered_event', event);
  return [property!, valueName(property!, number(from)), valueName(property!, number(to))];
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();

function content(ticket: JsonObject, event: string[]): string | null {
  const field = (name: string) => requireString(ticket, name);
  const who = () => `${field('requester_name')} <${field('requester_email')}>`;
  const link = () => `[ticket #${field('ticket_id')}](${field('ticket_url')})`;
  if (event[1] === 'created') {
    const description = htmlToMarkdown(field('ticket_description'));
    return (
      `${who()} created ${link()}:\n\n\`\`\` quote\n${description}\n\`\`\`\n\n` +
      `* **Type**: ${field('ticket_type')}\n* **Priority**: ${field('ticket_priority')}\n* **Status**: ${field('ticket_status')}`
    );
  }
  if (event[0] === 'note_type') return `${who()} added a ${event[1]} note to ${link()}.`;
  if (event[0] === 'status' || event[0] === 'priority') {
    return `${who()} updated ${link()}:\n\n* **${capitalize(event[0])}**: ${event[1]} -> ${event[2]}`;
  }
  // Any other rule's event is not told.
  return null;
}

export const freshdesk: Integration = {
  name: 'freshdesk',
  handle(payload) {
    const ticket = payload.freshdesk_webhook;
    if (typeof ticket !== 'object' || ticket === null || Array.isArray(ticket)) throw invalidArgument('freshdesk_webhook', ticket ?? null);
    const topic = `#${requireString(ticket, 'ticket_id')}: ${requireString(ticket, 'ticket_subject')}`;
    const text = content(ticket, parseEvent(requireString(ticket, 'triggered_event')));
    return text === null ? [] : [{ topic, content: text }];
  },
};

/**
 * Narrows: Zulip's URL hash form (`#narrow/stream/42-general/topic/lunch.20plans`), its search
 * syntax (`stream:general topic:lunch sender:x@y is:starred words`), the API's narrow parameter and
 * whether a message belongs to one. Pure: no DOM, no Preact.
 */
import type { Message, Narrow, NarrowTerm } from '../../lib/types';

/** Zulip's hash encoding: encodeURIComponent, with `.` encoded and then `%` written as `.`. */
export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text).replace(/\./g, '%2E').replace(/%/g, '.');
}

export function decodeHashComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\./g, '%'));
  } catch {
    return text;
  }
}

const OPERATOR_ALIASES: Record<string, string> = {
  channel: 'stream',
  subject: 'topic',
  dm: 'pm-with',
  from: 'sender',
  'group-pm-with': 'pm-with',
};

function canonicalOperator(operator: string): string {
  const lower = operator.toLowerCase();
  return OPERATOR_ALIASES[lower] ?? lower;
}

/** `42-general` -> `42`; a bare name (an old link) stays as it is. */
function idPrefix(operand: string): string {
  const found = /^(\d+)(-|$)/.exec(operand);
  return found ? found[1]! : operand;
}

/** `5,7-group` -> `5,7`; `5-iago` -> `5`; e-mails stay as they are. */
function idListPrefix(operand: string): string {
  const found = /^(\d+(?:,\d+)*)(-|$)/.exec(operand);
  return found ? found[1]! : operand;
}

function normalizeOperand(operator: string, operand: string): string {
  if (operator === 'stream' || operator === 'sender') return idPrefix(operand);
  if (operator === 'pm-with') return idListPrefix(operand);
  return operand;
}

/** The narrow of a location hash; [] is all messages (the empty hash, #all_messages, unknown hashes). */
export function parseNarrowHash(hash: string): Narrow {
  const text = hash.replace(/^#/, '');
  if (!text.startsWith('narrow/')) return [];
  const parts = text.slice('narrow/'.length).split('/');
  const narrow: Narrow = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    let operator = decodeHashComponent(parts[i]!);
    if (operator === '') continue;
    const negated = operator.startsWith('-');
    if (negated) operator = operator.slice(1);
    operator = canonicalOperator(operator);
    const operand = normalizeOperand(operator, decodeHashComponent(parts[i + 1]!));
    narrow.push(negated ? { operator, operand, negated: true } : { operator, operand });
  }
  return narrow;
}

/** Names for readable hashes; an unknown id is written without its name. */
export interface NameLookup {
  streamName(id: number): string | undefined;
  userName(id: number): string | undefined;
  /** For the search box, which names people by address (as one types them there). */
  userEmail?(id: number): string | undefined;
}

const slugify = (name: string) => name.replace(/[ "%/<>`]+/g, '-');

/** The operand as the hash writes it (encoded): ids with their names, as Zulip's links do. */
function hashOperand(term: NarrowTerm, names?: NameLookup): string {
  const { operator, operand } = term;
  if ((operator === 'stream' || operator === 'sender') && /^\d+$/.test(operand)) {
    const name = operator === 'stream' ? names?.streamName(Number(operand)) : names?.userName(Number(operand));
    if (name === undefined) return operand;
    return encodeHashComponent(`${operand}-${operator === 'stream' ? name.replace(/ /g, '-') : slugify(name)}`);
  }
  if (operator === 'pm-with' && /^\d+(,\d+)*$/.test(operand)) {
    if (operand.includes(',')) return `${operand}-group`;
    const name = names?.userName(Number(operand));
    return `${operand}-${name === undefined ? 'pm' : encodeHashComponent(slugify(name))}`;
  }
  return encodeHashComponent(operand);
}

export function narrowToHash(narrow: Narrow, names?: NameLookup): string {
  if (narrow.length === 0) return '#all_messages';
  const parts = narrow.map((term) => `${term.negated ? '-' : ''}${encodeHashComponent(term.operator)}/${hashOperand(term, names)}`);
  return `#narrow/${parts.join('/')}`;
}

/** The stream a view is in (a stream or one of its topics), whose topics the left sidebar shows. */
export function narrowStreamId(narrow: Narrow): number | undefined {
  const term = narrow.find((t) => t.operator === 'stream' && !t.negated && /^\d+$/.test(t.operand));
  return term ? Number(term.operand) : undefined;
}

/** A narrow as a comparable key. */
export function narrowKey(narrow: Narrow): string {
  return narrow.map((t) => `${t.negated ? '-' : ''}${t.operator}:${t.operand.toLowerCase()}`).join(' ');
}

/** Splits search text into words, keeping "quoted phrases" together. */
function searchTokens(text: string): string[] {
  const tokens: string[] = [];
  const re = /(-?[a-z-]+:)?"([^"]*)"?|\S+/gi;
  for (let found = re.exec(text); found; found = re.exec(text)) {
    if (found[2] !== undefined) tokens.push(`${found[1] ?? ''}\u0000${found[2]}`);
    else tokens.push(found[0]);
  }
  return tokens;
}

const SEARCH_OPERATORS = new Set(['stream', 'topic', 'sender', 'is', 'has', 'pm-with', 'near', 'id', 'search', 'in', 'streams']);

/** Zulip's search syntax: operator:operand terms (a leading `-` negates) and free text (one search term). */
export function parseSearch(text: string): Narrow {
  const narrow: Narrow = [];
  const words: string[] = [];
  for (const token of searchTokens(text.trim())) {
    const quoted = token.includes('\u0000');
    const [head, rest] = quoted ? (token.split('\u0000') as [string, string]) : [token, ''];
    const colon = head.indexOf(':');
    if (colon > 0) {
      let operator = head.slice(0, colon);
      const negated = operator.startsWith('-');
      if (negated) operator = operator.slice(1);
      operator = canonicalOperator(operator);
      const operand = quoted ? rest : head.slice(colon + 1);
      if (SEARCH_OPERATORS.has(operator) && operand !== '') {
        if (operator === 'search') words.push(operand);
        else narrow.push(negated ? { operator, operand, negated: true } : { operator, operand });
        continue;
      }
    }
    words.push(quoted ? rest : token);
  }
  if (words.length > 0) narrow.push({ operator: 'search', operand: words.join(' ') });
  return narrow;
}

/** `5,7` as `a@x,b@y` when every address is known; else as it is. */
function emailsForSearch(operand: string, names?: NameLookup): string {
  if (!/^\d+(,\d+)*$/.test(operand) || !names?.userEmail) return operand;
  const emails = operand.split(',').map((id) => names.userEmail!(Number(id)));
  return emails.every((e) => e !== undefined) ? emails.join(',') : operand;
}

/**
 * The search box's text for a narrow, as one would type it: streams by name, people by address
 * (ids only when unknown).
 */
export function narrowToSearch(narrow: Narrow, names?: NameLookup): string {
  return narrow
    .map((t) => {
      if (t.operator === 'search') return t.operand;
      let operand = t.operand;
      if (t.operator === 'stream' && /^\d+$/.test(operand)) operand = names?.streamName(Number(operand)) ?? operand;
      if (t.operator === 'pm-with' || t.operator === 'sender') operand = emailsForSearch(operand, names);
      return `${t.negated ? '-' : ''}${t.operator}:${/\s/.test(operand) ? `"${operand}"` : operand}`;
    })
    .join(' ');
}

/** Stream names and user e-mails to ids, where known (so the hash and the matching use ids). */
export interface Resolver {
  streamIdByName(name: string): number | undefined;
  userIdByEmail(email: string): number | undefined;
}

export function resolveNarrow(narrow: Narrow, resolver: Resolver): Narrow {
  return narrow.map((term) => {
    if (term.operator === 'stream' && !/^\d+$/.test(term.operand)) {
      const id = resolver.streamIdByName(term.operand);
      return id === undefined ? term : { ...term, operand: String(id) };
    }
    if (term.operator === 'sender' && term.operand.includes('@')) {
      const id = resolver.userIdByEmail(term.operand);
      return id === undefined ? term : { ...term, operand: String(id) };
    }
    if (term.operator === 'pm-with' && term.operand.includes('@')) {
      const ids = term.operand.split(',').map((e) => resolver.userIdByEmail(e.trim()));
      if (ids.some((id) => id === undefined)) return term;
      return { ...term, operand: (ids as number[]).sort((a, b) => a - b).join(',') };
    }
    return term;
  });
}

export interface ApiNarrowTerm {
  operator: string;
  operand: string | number | number[];
  negated?: boolean;
}

/** The API's narrow parameter, and the anchor a `near`/`id` term asks for. */
export function narrowForApi(narrow: Narrow): { narrow: ApiNarrowTerm[]; anchor?: number } {
  const terms: ApiNarrowTerm[] = [];
  let anchor: number | undefined;
  for (const t of narrow) {
    if (t.operator === 'near' || (t.operator === 'id' && !t.negated)) {
      if (/^\d+$/.test(t.operand)) anchor = Number(t.operand);
      if (t.operator === 'near') continue;
    }
    let operand: ApiNarrowTerm['operand'] = t.operand;
    if ((t.operator === 'stream' || t.operator === 'sender' || t.operator === 'id') && /^\d+$/.test(t.operand)) operand = Number(t.operand);
    if (t.operator === 'pm-with' && /^\d+(,\d+)*$/.test(t.operand)) operand = t.operand.split(',').map(Number);
    terms.push(t.negated ? { operator: t.operator, operand, negated: true } : { operator: t.operator, operand });
  }
  return anchor === undefined ? { narrow: terms } : { narrow: terms, anchor };
}

/** A private conversation's key: the other members' ids ascending (the user's own id when alone). */
export function pmKey(memberIds: readonly number[], selfId: number): string {
  const others = [...new Set(memberIds)].filter((id) => id !== selfId).sort((a, b) => a - b);
  return others.length === 0 ? String(selfId) : others.join(',');
}

export function messagePmKey(message: Message, selfId: number): string {
  const members = Array.isArray(message.display_recipient) ? message.display_recipient.map((r) => r.id) : [];
  return pmKey([...members, message.sender_id], selfId);
}

/**
 * Whether a message belongs to a narrow; undefined when that cannot be told here (full-text
 * search, has:, unknown stream names): the caller then asks the server.
 */
export function matchesNarrow(
  message: Message,
  narrow: Narrow,
  selfId: number,
  streamName?: (id: number) => string | undefined,
): boolean | undefined {
  let result: boolean | undefined = true;
  for (const term of narrow) {
    let match: boolean | undefined;
    const operand = term.operand;
    switch (term.operator) {
      case 'stream':
        if (message.type !== 'stream') match = false;
        else if (/^\d+$/.test(operand)) match = message.stream_id === Number(operand);
        else {
          const name = typeof message.display_recipient === 'string' ? message.display_recipient : streamName?.(message.stream_id ?? -1);
          match = name === undefined ? undefined : name.toLowerCase() === operand.toLowerCase();
        }
        break;
      case 'topic':
        match = message.type === 'stream' && message.subject.toLowerCase() === operand.toLowerCase();
        break;
      case 'pm-with':
        if (message.type !== 'private') match = false;
        else if (/^\d+(,\d+)*$/.test(operand)) match = messagePmKey(message, selfId) === pmKey(operand.split(',').map(Number), selfId);
        else match = undefined;
        break;
      case 'sender':
        match = /^\d+$/.test(operand)
          ? message.sender_id === Number(operand)
          : message.sender_email.toLowerCase() === operand.toLowerCase();
        break;
      case 'is':
        if (operand === 'private' || operand === 'dm') match = message.type === 'private';
        else if (operand === 'starred') match = message.flags.includes('starred');
        else if (operand === 'mentioned') match = message.flags.includes('mentioned') || message.flags.includes('wildcard_mentioned');
        else if (operand === 'unread') match = !message.flags.includes('read');
        else match = undefined;
        break;
      case 'near':
        match = true;
        break;
      case 'id':
        match = message.id === Number(operand);
        break;
      default:
        match = undefined;
    }
    if (match !== undefined && term.negated) match = !match;
    if (match === false) return false;
    if (match === undefined) result = undefined;
  }
  return result;
}

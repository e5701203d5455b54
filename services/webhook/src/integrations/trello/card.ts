/**
 * Trello's card actions. An updateCard is told apart by what its `old` holds (the fields that
 * changed): list, name, description, due date, closed; moves within a list and cover changes are
 * not posted.
 */
import type { WebhookMessage } from '../../framework/integration';
import { optString, requireString, type JsonObject } from '../../framework/payload';
import { actionData, boardMessage, field, globalTime, requireObject, unsupported } from './common';
import { truthy } from '../../framework/python';

/** The card as a link to its page. */
function cardLink(payload: JsonObject): string {
  const data = actionData(payload);
  return `[${requireString(data, 'card.name')}](https://trello.com/c/${requireString(data, 'card.shortLink')})`;
}

type Body = (payload: JsonObject, card: string) => string;

const quote = (text: string) => `\n~~~ quote\n${text}\n~~~\n`;
const dataString = (payload: JsonObject, path: string) => requireString(actionData(payload), path);
const dueDate = (payload: JsonObject, path: string) => globalTime(dataString(payload, path));

/** What each card action (and each kind of updateCard) says after the member's name. */
const BODIES: Record<string, Body> = {
  createCard: (_, card) => `created ${card}.`,
  changeList: (p, card) => `moved ${card} from ${dataString(p, 'listBefore.name')} to ${dataString(p, 'listAfter.name')}.`,
  changeName: (p, card) => `renamed the card from "${dataString(p, 'old.name')}" to ${card}.`,
  setDesc: (p, card) => `set description for ${card} to:${quote(dataString(p, 'card.desc'))}`,
  changeDesc: (p, card) => `changed description for ${card} from${quote(dataString(p, 'old.desc'))}to${quote(dataString(p, 'card.desc'))}`,
  removeDesc: (_, card) => `removed description from ${card}.`,
  archiveCard: (_, card) => `archived ${card}.`,
  reopenCard: (_, card) => `reopened ${card}.`,
  setDueDate: (p, card) => `set due date for ${card} to ${dueDate(p, 'card.due')}.`,
  changeDueDate: (p, card) => `changed due date for ${card} from ${dueDate(p, 'old.due')} to ${dueDate(p, 'card.due')}.`,
  removeDueDate: (_, card) => `removed the due date from ${card}.`,
  addLabelToCard: (p, card) => `added a ${dataString(p, 'value')} label with "${dataString(p, 'text')}" to ${card}.`,
  removeLabelFromCard: (p, card) => `removed a ${dataString(p, 'value')} label with "${dataString(p, 'text')}" from ${card}.`,
  addMemberToCard: (p, card) => `added ${requireString(p, 'action.member.fullName')} to ${card}.`,
  removeMemberFromCard: (p, card) => `removed ${requireString(p, 'action.member.fullName')} from ${card}.`,
  addAttachmentToCard: (p, card) => `added [${dataString(p, 'attachment.name')}](${dataString(p, 'attachment.url')}) to ${card}.`,
  addChecklistToCard: (p, card) => `added the ${dataString(p, 'checklist.name')} checklist to ${card}.`,
  commentCard: (p, card) => `commented on ${card}:${quote(dataString(p, 'text'))}`,
  updateCheckItemStateOnCard: (p, card) => {
    const checked = dataString(p, 'checkItem.state') === 'complete' ? 'checked' : 'unchecked';
    return `${checked} **${dataString(p, 'checkItem.name')}** in **${dataString(p, 'checklist.name')}** (${card}).`;
  },
};

/** Card changes Zulip does not post: moves within a list, covers, and dueComplete. */
const IGNORED_CHANGES = ['cover', 'dueComplete', 'idAttachmentCover', 'pos'];

/** Which change an updateCard is; null for one not posted. */
function cardUpdate(payload: JsonObject): string | null {
  const data = actionData(payload);
  const old = requireObject(data, 'old');
  const card = requireObject(data, 'card');
  if (truthy(field(data, 'listBefore'))) return 'changeList';
  if (truthy(field(old, 'name'))) return 'changeName';
  const oldDesc = field(old, 'desc');
  if (oldDesc === '') return 'setDesc';
  if (truthy(oldDesc)) return field(card, 'desc') === '' ? 'removeDesc' : 'changeDesc';
  if (field(old, 'due') === null) return 'setDueDate';
  if (truthy(field(old, 'due'))) return field(card, 'due') === null ? 'removeDueDate' : 'changeDueDate';
  const oldClosed = field(old, 'closed');
  if (oldClosed === false && field(card, 'closed') === true) return 'archiveCard';
  if (truthy(oldClosed) && field(card, 'closed') === false) return 'reopenCard';
  if (IGNORED_CHANGES.some((key) => Object.hasOwn(old, key))) return null;
  throw unsupported('updateCard');
}

/** A card action's message; null for one not posted. */
export function cardAction(payload: JsonObject, type: string): WebhookMessage | null {
  const action = type === 'updateCard' ? cardUpdate(payload) : type;
  if (action === null) return null;
  const body = BODIES[action]!(payload, cardLink(payload));
  // Trello may leave out the member's name; Zulip then writes Python's None.
  const creator = optString(requireObject(payload.action as JsonObject, 'memberCreator'), 'fullName', 'None');
  return boardMessage(payload, `${creator} ${body}`);
}

/** The card actions posted. */
export const CARD_ACTIONS = [
  'updateCard',
  'createCard',
  'addLabelToCard',
  'removeLabelFromCard',
  'addMemberToCard',
  'removeMemberFromCard',
  'addAttachmentToCard',
  'addChecklistToCard',
  'commentCard',
  'updateCheckItemStateOnCard',
];

/** Card actions answered with success and not posted. */
export const IGNORED_CARD_ACTIONS = ['copyCard', 'createCheckItem', 'updateCheckItem', 'updateList'];

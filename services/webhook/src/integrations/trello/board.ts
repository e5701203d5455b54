/** Trello's board actions: members, new lists, and renaming (a new background is not posted). */
import type { WebhookMessage } from '../../framework/integration';
import { requireString, type JsonObject } from '../../framework/payload';
import { actionData, boardMessage, field, requireObject, unsupported } from './common';

function boardLink(payload: JsonObject): string {
  const data = actionData(payload);
  return `[${requireString(data, 'board.name')}](https://trello.com/b/${requireString(data, 'board.shortLink')})`;
}

const BODIES: Record<string, (payload: JsonObject, board: string) => string> = {
  removeMemberFromBoard: (p, board) => `removed ${requireString(p, 'action.member.fullName')} from ${board}.`,
  addMemberToBoard: (p, board) => `added ${requireString(p, 'action.member.fullName')} to ${board}.`,
  createList: (p, board) => `added ${requireString(actionData(p), 'list.name')} list to ${board}.`,
  changeName: (p, board) => `renamed the board from ${requireString(actionData(p), 'old.name')} to ${board}.`,
};

/** Which change an updateBoard is; null for a new background. */
function boardUpdate(payload: JsonObject): string | null {
  const old = requireObject(actionData(payload), 'old');
  const prefs = field(old, 'prefs');
  if (prefs !== undefined && field(prefs, 'background') !== undefined) return null;
  if (requireString(old, 'name')) return 'changeName';
  throw unsupported('updateBoard');
}

/** A board action's message; null for one not posted. */
export function boardAction(payload: JsonObject, type: string): WebhookMessage | null {
  const action = type === 'updateBoard' ? boardUpdate(payload) : type;
  if (action === null) return null;
  const body = BODIES[action]!(payload, boardLink(payload));
  return boardMessage(payload, `${requireString(payload, 'action.memberCreator.fullName')} ${body}`);
}

export const BOARD_ACTIONS = ['removeMemberFromBoard', 'addMemberToBoard', 'createList', 'updateBoard'];

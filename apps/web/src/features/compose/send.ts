/** Compose's calls to the server: sending, typing notifications, the preview. */
import { messageEndpoints } from '@chat/contracts';
import { api } from '../../api';
import { resolver } from '../narrow/lookup';
import { session } from '../session/session-state';
import type { ComposeTarget } from './compose-target';
import { sendParams, typingParams, typingStep, type TypingState } from './send-model';

export async function sendMessage(target: ComposeTarget, content: string): Promise<void> {
  await api(messageEndpoints.sendMessage, { ...sendParams(target, content, resolver), queue_id: session.queue?.id });
}

let typingState: TypingState = null;

export function resetTyping(): void {
  typingState = null;
}

/** Typing notifications: start (again every 10 s while typing), and stop. */
export function typing(target: ComposeTarget | null, active: boolean): void {
  if (!target) return;
  const params = typingParams(target, resolver);
  if (!params) return;
  const step = typingStep(typingState, JSON.stringify(target), active, Date.now());
  typingState = step.state;
  if (step.send) api(messageEndpoints.setTypingStatus, { ...params, op: step.send }).catch(() => undefined);
}

export async function renderPreview(content: string): Promise<string> {
  const answer = await api(messageEndpoints.renderMessage, { content });
  return answer.rendered;
}

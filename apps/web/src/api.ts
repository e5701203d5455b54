/** The server: the typed client under /json with the CSRF header, uploads, and what a 401 means. */
import { ApiCallError, ChatClient, type AnyContract, type ParamsIn, type SuccessOf } from '@chat/contracts';
import { dict, str } from './lib/read';

export function csrfToken(): string {
  const found = /(?:^|;\s*)csrftoken=([^;]*)/.exec(document.cookie);
  return found ? decodeURIComponent(found[1]!) : '';
}

export const client = new ChatClient({ prefix: '/json', headers: () => ({ 'X-CSRFToken': csrfToken() }) });

let onUnauthorized: () => void = () => undefined;
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * Which session the calls speak for. Logging out starts a new one: a call the old session made
 * (a long-poll, a presence report) that answers 401 after the next login must not log that out.
 */
let sessionEpoch = 0;
export function endSessionCalls(): void {
  sessionEpoch += 1;
}

function unauthorized(epoch: number): void {
  if (epoch === sessionEpoch) onUnauthorized();
}

/** Calls an endpoint; a 401 (no session) sends the user back to the login page. */
export async function api<C extends AnyContract>(contract: C, params: ParamsIn<C> = {}): Promise<SuccessOf<C>> {
  const epoch = sessionEpoch;
  try {
    return await client.call(contract, params);
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 401) unauthorized(epoch);
    throw error;
  }
}

export function errorText(error: unknown): string {
  if (error instanceof ApiCallError) return error.body.msg || `Error ${error.status}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** POST /json/user_uploads as multipart: the answer's uri. */
export async function uploadFile(file: File): Promise<string> {
  const epoch = sessionEpoch;
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch('/json/user_uploads', {
    method: 'POST',
    body: form,
    headers: { 'X-CSRFToken': csrfToken() },
    credentials: 'same-origin',
  });
  const body = dict(await res.json().catch(() => null));
  if (res.status === 401) unauthorized(epoch);
  const uri = str(body.uri) || str(body.url);
  if (!res.ok || !uri) throw new Error(str(body.msg) || `Upload failed (${res.status})`);
  return uri;
}

export { ApiCallError };

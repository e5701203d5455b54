/**
 * What a matrix case expects, and the answers Zulip 2.1 gives when it refuses (behaviour notes
 * sections 1.4, 2–4 and the event-queue section; the spec's error examples).
 */
import type { Role, World, Req } from './authz-matrix.world';

export type Expect =
  /** 200 with result success. */
  | { kind: 'success' }
  /** Zulip's error envelope with this message and code; code null for Zulip's json_error (no code). */
  | { kind: 'error'; status: number; msg: string; code?: string | null }
  /** A bare status, for file downloads (Zulip answers those with HTML). */
  | { kind: 'status'; status: number }
  /** For an endpoint that acts only on the caller's own things: any answer but a 5xx. */
  | { kind: 'handled' }
  | { kind: 'oneOf'; options: Expect[] };

export const OK: Expect = { kind: 'success' };
export const HANDLED: Expect = { kind: 'handled' };
export const err = (msg: string, code = 'BAD_REQUEST', status = 400): Expect => ({ kind: 'error', status, msg, code });
/** Zulip's views that `return json_error(...)` instead of raising answer without a code. */
export const jsonError = (msg: string): Expect => ({ kind: 'error', status: 400, msg, code: null });
export const oneOf = (...options: Expect[]): Expect => ({ kind: 'oneOf', options });

export const NOT_LOGGED_IN: Expect = {
  kind: 'error',
  status: 401,
  msg: 'Not logged in: API authentication or user session required',
};
export const INVALID_MESSAGE = err('Invalid message(s)');
export const INVALID_STREAM_ID = err('Invalid stream id');
export const ADMIN_ONLY = err('Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
export const INSUFFICIENT = err('Insufficient permission');

export type ExpectMap = Partial<Record<Role, Expect>> & { others: Expect };

export interface Probe {
  /** `${method} ${path}` exactly as in the gateway's route table. */
  route: string;
  /** The kind of object whose protection this probe checks ('own' for the caller's own things). */
  object: string;
  label?: string;
  request: (w: World, role: Role) => Req;
  /** Per role; `others` for the rest. Anonymous gets NOT_LOGGED_IN on user routes unless given. */
  expect: ExpectMap | ((w: World) => ExpectMap);
  /** Only these roles, for a reason written beside the probe. */
  roles?: readonly Role[];
  /** Roles for whom the probe changes or removes a shared object: those cases run last. */
  destructiveFor?: readonly Role[];
  /** Bookkeeping after a case (a new key to search for, a regenerated own key). */
  after?: (w: World, role: Role, body: Record<string, unknown>) => void;
}

/** `roles` get `given`, the rest `otherwise`. */
export function only(roles: readonly Role[], given: Expect, otherwise: Expect): ExpectMap {
  return { ...Object.fromEntries(roles.map((r) => [r, given])), others: otherwise };
}

export interface Answer {
  status: number;
  text: string;
  body: Record<string, unknown> | undefined;
}

/** Why an answer does not meet the expectation, or undefined when it does. */
export function mismatch(expect: Expect, answer: Answer): string | undefined {
  const { status, body } = answer;
  if (status >= 500) return `server error ${status}`;
  switch (expect.kind) {
    case 'success':
      return status === 200 && body?.result === 'success' ? undefined : `expected success`;
    case 'handled':
      return body && (body.result === 'success' || (body.result === 'error' && typeof body.msg === 'string'))
        ? undefined
        : 'not a Zulip envelope';
    case 'status':
      return status === expect.status ? undefined : `expected status ${expect.status}`;
    case 'error': {
      const same =
        status === expect.status &&
        body?.result === 'error' &&
        body.msg === expect.msg &&
        (expect.code === undefined || body.code === (expect.code ?? undefined));
      return same ? undefined : `expected ${expect.status} ${JSON.stringify(expect.msg)}${expect.code ? ` ${expect.code}` : ''}`;
    }
    case 'oneOf':
      return expect.options.some((o) => mismatch(o, answer) === undefined) ? undefined : 'none of the accepted answers';
  }
}

/** Whether an answer is a refusal (anything but a success). */
export const refused = (answer: Answer): boolean => answer.status !== 200 || answer.body?.result !== 'success';

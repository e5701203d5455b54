/**
 * What every answer must look like, whatever was sent: JSON in Zulip's envelope, success only
 * with 200, an error only with a 4xx, and the codes Zulip's REQ gives to the errors it raises.
 */
import type { FuzzRequest } from './malformed-input.requests';
import type { Answer } from './malformed-input.sender';

/** Node's default --max-http-header-size: a longer request head is refused before any app runs. */
const NODE_MAX_HEAD_BYTES = 16 * 1024;

/** Answers from node:http itself, not the app: a 431 with no body for an over-long URL. */
export function isTransportRefusal(answer: Answer): boolean {
  return answer.status === 431 && answer.text === '' && answer.targetBytes > NODE_MAX_HEAD_BYTES - 1024;
}

type Body = { result?: unknown; msg?: unknown; code?: unknown; var_name?: unknown };

function codeProblem(body: Body): string | null {
  if (body.code !== undefined && (typeof body.code !== 'string' || !/^[A-Z_]+$/.test(body.code))) return `bad code ${String(body.code)}`;
  const msg = String(body.msg);
  const missing = /^Missing '(.+)' argument$/.exec(msg);
  if (missing && (body.code !== 'REQUEST_VARIABLE_MISSING' || body.var_name !== missing[1]))
    return 'a missing argument without REQUEST_VARIABLE_MISSING and var_name';
  if (/^Argument ".+" is not valid JSON\.$/.test(msg) && body.code !== 'BAD_REQUEST') return 'invalid JSON without BAD_REQUEST';
  if (body.code === 'REQUEST_VARIABLE_INVALID' && typeof body.var_name !== 'string') return 'REQUEST_VARIABLE_INVALID without var_name';
  return null;
}

/** Downloads (the files served from the root) are files, and Zulip refuses one with a short HTML page (403, 404), not JSON. */
function isFileAnswer(req: FuzzRequest, answer: Answer): boolean {
  const download = req.target.route.method === 'GET' && req.target.route.root === true;
  return download && [200, 403, 404].includes(answer.status) && !answer.contentType.startsWith('application/json');
}

/** A page for people at the root (an unsubscribe link's) answers HTML when it succeeds; its errors are JSON. */
function isPageAnswer(req: FuzzRequest, answer: Answer): boolean {
  return req.target.route.root === true && answer.status === 200 && answer.contentType.startsWith('text/html');
}

/** An endpoint declared to answer with a redirect (GET /realm/icon, /realm/logo, as Zulip's) may. */
function isDeclaredRedirect(req: FuzzRequest, answer: Answer): boolean {
  return answer.status === 302 && req.target.route.errors.includes(302);
}

/** A HEAD answer is headers only (HTTP sends no body with it): its status is all there is to judge. */
function isHeadAnswer(req: FuzzRequest): boolean {
  return req.target.route.method === 'HEAD';
}

/** Null when the answer is acceptable, else what is wrong with it. */
export function envelopeProblem(req: FuzzRequest, answer: Answer): string | null {
  if (answer.status >= 500) return `a ${answer.status}`;
  if (isTransportRefusal(answer) || isFileAnswer(req, answer) || isPageAnswer(req, answer) || isDeclaredRedirect(req, answer)) return null;
  if (isHeadAnswer(req)) return null;
  if (!answer.contentType.startsWith('application/json')) return `content type ${answer.contentType || '(none)'}`;
  let body: Body;
  try {
    body = JSON.parse(answer.text) as Body;
  } catch {
    return 'a body that is not JSON';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'a body that is not an object';
  if (typeof body.msg !== 'string') return 'no msg';
  if (body.result === 'success') return answer.status === 200 ? null : `success with status ${answer.status}`;
  if (body.result !== 'error') return `result ${String(body.result)}`;
  if (answer.status < 400) return `an error with status ${answer.status}`;
  return codeProblem(body);
}

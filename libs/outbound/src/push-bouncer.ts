/**
 * Calls to a push-notification bouncer (Zulip's send_to_push_bouncer): under
 * `<bouncer>/api/v1/remotes/<endpoint>`, authenticated by HTTP Basic with this server's id and key,
 * through the address guard, under one deadline. The answer is sorted as Zulip sorts it: a 2xx
 * is acknowledged; no answer (refused, reset, timeout) and a 5xx leave the outcome unknown, worth
 * one more try; a 4xx is the bouncer refusing (its `code`, such as INVALID_ZULIP_SERVER, and `msg`
 * say why) and is not tried again. Bodies are never logged: they hold message content.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { addressPolicy, checkLiteralHost, guardedLookup, type AddressPolicy } from './address-guard';

export interface BouncerTarget {
  url: string;
  orgId: string;
  orgKey: string;
  policy: AddressPolicy;
  timeoutMs: number;
}

export type BouncerBody = { json: unknown } | { form: Record<string, string | number> };

export type BouncerOutcome =
  | { kind: 'acknowledged'; body: Record<string, unknown> }
  | { kind: 'unknown'; reason: string }
  | { kind: 'refused'; status: number; code: string | null; msg: string };

/** Zulip's bouncer answers are small JSON; anything larger is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Zulip's PushBouncerSession timeout. */
export const BOUNCER_TIMEOUT_MS = 15_000;

function encode(body: BouncerBody): { type: string; data: Buffer } {
  if ('json' in body) return { type: 'application/json', data: Buffer.from(JSON.stringify(body.json), 'utf8') };
  const form = new URLSearchParams(Object.entries(body.form).map(([k, v]): [string, string] => [k, String(v)]));
  return { type: 'application/x-www-form-urlencoded', data: Buffer.from(form.toString(), 'utf8') };
}

function parse(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {};
  } catch {
    return {};
  }
}

function sort(status: number, text: string): BouncerOutcome {
  if (status >= 200 && status < 300) return { kind: 'acknowledged', body: parse(text) };
  if (status >= 500 || status < 200) return { kind: 'unknown', reason: `the bouncer answered with status ${status}` };
  const body = parse(text);
  if (status >= 400) {
    return {
      kind: 'refused',
      status,
      code: typeof body.code === 'string' ? body.code : null,
      msg: typeof body.msg === 'string' ? body.msg : `status ${status}`,
    };
  }
  return { kind: 'refused', status, code: null, msg: `unexpected status ${status}` };
}

/**
 * One call to the bouncer. `endpoint` is the path under /api/v1/remotes/ (`server/register`,
 * `push/notify`, ...); `auth: false` only for the registration, which carries its credentials in
 * the form. Never throws for the bouncer's answer or its absence; only for a refused address.
 */
export async function callBouncer(target: BouncerTarget, endpoint: string, body: BouncerBody, auth = true): Promise<BouncerOutcome> {
  const url = new URL(`/api/v1/remotes/${endpoint}`, target.url);
  checkLiteralHost(target.policy, url.hostname);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const { type, data } = encode(body);
  const headers: Record<string, string | number> = {
    'content-type': type,
    'content-length': data.length,
    'user-agent': 'ZulipServer/10.0',
  };
  if (auth) headers.authorization = `Basic ${Buffer.from(`${target.orgId}:${target.orgKey}`).toString('base64')}`;
  const signal = AbortSignal.timeout(target.timeoutMs);
  return new Promise<BouncerOutcome>((resolve, reject) => {
    const req = send(url, { method: 'POST', lookup: guardedLookup(target.policy), signal, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) res.destroy(new Error('answer too large'));
        else chunks.push(chunk);
      });
      res.on('end', () => resolve(sort(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))));
      res.on('error', (err) => resolve({ kind: 'unknown', reason: err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EBLOCKEDADDRESS') return reject(err);
      resolve({
        kind: 'unknown',
        reason: signal.aborted ? `no answer within ${target.timeoutMs} ms` : `${err.code ?? 'error'} connecting to the bouncer`,
      });
    });
    req.end(data);
  });
}

/** The bouncer settings a target is made from (@chat/config's PushSettings). */
export interface BouncerSettings {
  bouncerUrl: string;
  orgId: string;
  orgKey: string;
  allowPrivate: boolean;
}

/** Zulip's push_notifications_configured: a bouncer and credentials for it; null otherwise. */
export function bouncerTarget(settings: BouncerSettings): BouncerTarget | null {
  if (settings.bouncerUrl === '' || settings.orgId === '' || settings.orgKey === '') return null;
  return {
    url: settings.bouncerUrl,
    orgId: settings.orgId,
    orgKey: settings.orgKey,
    policy: addressPolicy({ allowPrivate: settings.allowPrivate, allowedNetworks: [] }),
    timeoutMs: BOUNCER_TIMEOUT_MS,
  };
}

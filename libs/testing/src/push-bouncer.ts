/**
 * A local push-notification bouncer for tests: Zulip's bouncer endpoints (zilencer's
 * register_remote_server, register_remote_push_device, unregister_remote_push_device,
 * unregister_all_remote_push_devices, remote_server_notify_push) with their authentication (HTTP
 * Basic: the server's id and key), their answers and their errors, keeping what it received.
 * It can be told to fail the next calls (a 5xx, or a connection closed with no answer).
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type Request, type Response } from 'express';

export interface BouncerCall {
  endpoint: string;
  /** The server id the call authenticated as (null: the registration, which carries it in its form). */
  serverId: string | null;
  body: Record<string, unknown>;
}

export interface RegisteredServer {
  key: string;
  hostname: string;
  contactEmail: string;
}

export type BouncerFault = { status: number } | 'drop';

export interface TestPushBouncer {
  url: string;
  calls: BouncerCall[];
  servers: Map<string, RegisteredServer>;
  /** Registered devices, as `<serverId>:<userId>:<kind>:<token>`. */
  devices: Set<string>;
  /** The bodies of push/notify calls that were acknowledged. */
  notifications(): Record<string, unknown>[];
  /** The next calls to authenticated endpoints fail this way, one fault each. */
  failNext(...faults: BouncerFault[]): void;
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function error(res: Response, status: number, msg: string, code = 'BAD_REQUEST'): void {
  res.status(status).json({ result: 'error', msg, code });
}

function text(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function tokens(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
}

function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return typeof body === 'object' && body !== null ? Object.fromEntries(Object.entries(body)) : {};
}

export async function startPushBouncer(): Promise<TestPushBouncer> {
  const calls: BouncerCall[] = [];
  const servers = new Map<string, RegisteredServer>();
  const devices = new Set<string>();
  const faults: BouncerFault[] = [];
  const acknowledged: Record<string, unknown>[] = [];
  const app = express();
  app.use(express.urlencoded({ extended: false }), express.json());

  app.post('/api/v1/remotes/server/register', (req, res) => {
    const body = bodyOf(req);
    calls.push({ endpoint: 'server/register', serverId: null, body: { ...body, zulip_org_key: '(secret)' } });
    const id = text(body, 'zulip_org_id');
    const key = text(body, 'zulip_org_key');
    if (!UUID.test(id)) return error(res, 400, 'Invalid UUID');
    if (key.length !== 64) return error(res, 400, 'zulip_org_key is not length 64');
    if (!/^[^@\s]+@[^@\s]+$/.test(text(body, 'contact_email'))) return error(res, 400, 'Enter a valid email address.');
    const existing = servers.get(id);
    if (existing && existing.key !== key)
      return error(res, 401, `Zulip server auth failure: key does not match role ${id}`, 'INVALID_ZULIP_SERVER');
    const newKey = text(body, 'new_org_key');
    servers.set(id, { key: newKey || key, hostname: text(body, 'hostname'), contactEmail: text(body, 'contact_email') });
    res.json({ result: 'success', msg: '', created: existing === undefined });
  });

  // Zulip's authenticated_remote_server_view: HTTP Basic with a registered server's id and key.
  app.use('/api/v1/remotes', (req, res, next) => {
    const header = req.headers.authorization ?? '';
    const [id = '', key = ''] = Buffer.from(header.replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':');
    const server = servers.get(id);
    calls.push({ endpoint: req.path.replace(/^\//, ''), serverId: id, body: bodyOf(req) });
    if (!server)
      return error(
        res,
        401,
        `Zulip server auth failure: ${id} is not registered -- did you run \`manage.py register_server\`?`,
        'INVALID_ZULIP_SERVER',
      );
    if (server.key !== key) return error(res, 401, `Zulip server auth failure: key does not match role ${id}`, 'INVALID_ZULIP_SERVER');
    res.locals.serverId = id;
    const fault = faults.shift();
    if (fault === 'drop') return void req.socket.destroy();
    if (fault) return error(res, fault.status, 'Internal server error', 'INTERNAL_SERVER_ERROR');
    next();
  });

  const deviceKey = (res: Response, body: Record<string, unknown>) =>
    `${String(res.locals.serverId)}:${text(body, 'user_id')}:${text(body, 'token_kind')}:${text(body, 'token')}`;

  app.post('/api/v1/remotes/push/register', (req, res) => {
    const body = bodyOf(req);
    if (!['1', '2'].includes(text(body, 'token_kind'))) return error(res, 400, 'Invalid token type');
    if (text(body, 'token') === '') return error(res, 400, 'Empty or invalid length token');
    devices.add(deviceKey(res, body));
    res.json({ result: 'success', msg: '' });
  });
  app.post('/api/v1/remotes/push/unregister', (req, res) => {
    if (!devices.delete(deviceKey(res, bodyOf(req)))) return error(res, 400, 'Token does not exist');
    res.json({ result: 'success', msg: '' });
  });
  app.post('/api/v1/remotes/push/unregister/all', (req, res) => {
    const prefix = `${String(res.locals.serverId)}:${text(bodyOf(req), 'user_id')}:`;
    for (const device of [...devices]) if (device.startsWith(prefix)) devices.delete(device);
    res.json({ result: 'success', msg: '' });
  });
  app.post('/api/v1/remotes/push/notify', (req, res) => {
    const body = bodyOf(req);
    acknowledged.push(body);
    // Zulip's get_deleted_devices: the devices named that the bouncer does not have (any more).
    const known = (kind: number) => (token: string) =>
      devices.has(`${String(res.locals.serverId)}:${text(body, 'user_id')}:${kind}:${token}`);
    const android = tokens(body.android_devices);
    const apple = tokens(body.apple_devices);
    res.json({
      result: 'success',
      msg: '',
      total_android_devices: android.filter(known(2)).length,
      total_apple_devices: apple.filter(known(1)).length,
      deleted_devices: { android_devices: android.filter((t) => !known(2)(t)), apple_devices: apple.filter((t) => !known(1)(t)) },
      realm: null,
    });
  });

  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    servers,
    devices,
    notifications: () => acknowledged,
    failNext: (...next) => void faults.push(...next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

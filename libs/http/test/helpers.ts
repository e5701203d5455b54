/** Shared builders for the libs/http tests: a tiny service app, identities, signed headers. */
import type { Express } from 'express';
import type { Response } from 'supertest';
import { createLogger, type Logger } from '@chat/log';
import {
  createServiceApp,
  defineEndpoint,
  identityHeaders,
  type AnyEndpoint,
  type Identity,
  type Method,
  type ParamSpecs,
  type ServiceIdentity,
  type UserIdentity,
} from '@chat/http';

export const SECRET = 'test-internal-secret';
export const API = '/api/v1';

export function buildApp(endpoints: AnyEndpoint[], logger: Logger = createLogger('silent')): Express {
  return createServiceApp({ endpoints, internalSecret: SECRET, logger });
}

export function aUser(overrides: Partial<UserIdentity> = {}): UserIdentity {
  return {
    kind: 'user',
    userId: 7,
    realmId: 2,
    email: 'iago@zulip.example',
    fullName: 'Iago',
    isAdmin: true,
    isModerator: false,
    isGuest: false,
    isBot: false,
    botType: null,
    ...overrides,
  };
}

export function aService(overrides: Partial<ServiceIdentity> = {}): ServiceIdentity {
  return { kind: 'service', service: 'gateway', realmId: 2, ...overrides };
}

/** Signed identity headers, as the gateway sends them. */
export function signedAs(identity: Identity = aUser(), secret = SECRET, now = Date.now()): Record<string, string> {
  return identityHeaders(identity, secret, now);
}

/** A public endpoint whose response is the parameters it was given. */
export function echo(method: Method, path: string, params: ParamSpecs): AnyEndpoint {
  return defineEndpoint({ method, path, auth: 'public', params, handler: ({ params: values }) => ({ params: values }) });
}

/** Checks the response is JSON ending with one newline, and returns its exact text. */
export function jsonText(res: Response): string {
  expect(res.headers['content-type']).toMatch(/^application\/json\b/);
  expect(res.text.endsWith('\n')).toBe(true);
  return res.text;
}

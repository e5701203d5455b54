import { createHmac } from 'node:crypto';
import { IDENTITY_HEADER, identityHeaders, SIGNATURE_HEADER, verifyIdentityHeaders } from '@chat/http';
import { aService, aUser } from './helpers';

const SECRET = 'unit-secret';
const NOW = 1_700_000_000_000;

function signRaw(payloadJson: string): [string, string] {
  const payload = Buffer.from(payloadJson).toString('base64url');
  return [payload, createHmac('sha256', SECRET).update(payload).digest('base64url')];
}

describe('identityHeaders / verifyIdentityHeaders', () => {
  it.each([aUser(), aService(), { kind: 'anonymous' as const, realmId: null }])('round-trips %j', (identity) => {
    const headers = identityHeaders(identity, SECRET, NOW);
    expect(Object.keys(headers).sort()).toEqual([IDENTITY_HEADER, SIGNATURE_HEADER].sort());
    expect(verifyIdentityHeaders(headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER], SECRET, NOW)).toEqual(identity);
  });

  it('refuses missing headers', () => {
    const headers = identityHeaders(aUser(), SECRET, NOW);
    expect(verifyIdentityHeaders(undefined, headers[SIGNATURE_HEADER], SECRET, NOW)).toBeNull();
    expect(verifyIdentityHeaders(headers[IDENTITY_HEADER], undefined, SECRET, NOW)).toBeNull();
  });

  it('refuses another secret', () => {
    const headers = identityHeaders(aUser(), SECRET, NOW);
    expect(verifyIdentityHeaders(headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER], 'other', NOW)).toBeNull();
  });

  it('accepts exactly five minutes of skew and no more', () => {
    const headers = identityHeaders(aUser(), SECRET, NOW);
    const [payload, signature] = [headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER]];
    expect(verifyIdentityHeaders(payload, signature, SECRET, NOW + 300_000)).toEqual(aUser());
    expect(verifyIdentityHeaders(payload, signature, SECRET, NOW - 300_000)).toEqual(aUser());
    expect(verifyIdentityHeaders(payload, signature, SECRET, NOW + 300_001)).toBeNull();
    expect(verifyIdentityHeaders(payload, signature, SECRET, NOW - 300_001)).toBeNull();
  });

  it.each([
    ['not JSON', 'not json'],
    ['JSON null', 'null'],
    ['no timestamp', JSON.stringify(aUser())],
    ['a string timestamp', JSON.stringify({ ...aUser(), ts: String(NOW) })],
  ])('refuses a correctly signed payload with %s', (_label, json) => {
    const [payload, signature] = signRaw(json);
    expect(verifyIdentityHeaders(payload, signature, SECRET, NOW)).toBeNull();
  });
});

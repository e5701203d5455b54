/**
 * The state of a login in flight at the provider (external_login_states): written by the start
 * URL, read once and deleted by the callback, dead after STATE_TTL_MINUTES. The `state` parameter
 * the provider echoes is the row's id and the realm, signed with a key derived from the internal
 * secret, so the callback, which every realm shares, knows the realm before it reads anything, and
 * a forged or altered state is refused without a database read.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '@chat/config';
import type { Executor } from '@chat/db';
import { ApiError } from '@chat/errors';
import type { LoginIntent } from './external-identity';

const STATE_TTL_MINUTES = 10;
/** A hand-off is followed at once by the browser: a minute is plenty. */
const HANDOFF_TTL_MINUTES = 1;
const HANDOFF = 'handoff';

export interface LoginState extends LoginIntent {
  backend: string;
  nonce: string;
  codeVerifier: string;
}

interface StateRow {
  id: string;
  realm_id: number;
  backend: string;
  nonce: string;
  code_verifier: string;
  next: string;
  is_signup: boolean;
  mobile_flow_otp: string | null;
  desktop_flow_otp: string | null;
  user_id: number | null;
}

function signature(config: Pick<Config, 'internalSecret'>, payload: string): Buffer {
  const key = createHmac('sha256', config.internalSecret).update('external-login-state').digest();
  return createHmac('sha256', key).update(payload).digest();
}

/** A login state that cannot be used: forged, altered, already used or expired. */
export function badState(): ApiError {
  return new ApiError('This login link has expired or was already used. Please start the login again.', {
    status: 403,
    extra: { reason: 'bad state' },
  });
}

async function saveRow(
  db: Executor,
  config: Pick<Config, 'internalSecret'>,
  row: Omit<StateRow, 'id'>,
  ttlMinutes: number,
): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  // Expired rows of any login go as new ones come (an index on expires_at keeps this cheap).
  await db('external_login_states').where('expires_at', '<', new Date()).delete();
  await db('external_login_states').insert({ ...row, id, expires_at: new Date(Date.now() + ttlMinutes * 60_000) });
  const payload = `${row.realm_id}.${id}`;
  return `${payload}.${signature(config, payload).toString('base64url')}`;
}

/** Stores the login's secrets and answers the `state` parameter that names them. */
export function saveLoginState(db: Executor, config: Pick<Config, 'internalSecret'>, state: LoginState): Promise<string> {
  return saveRow(
    db,
    config,
    {
      realm_id: state.realmId,
      backend: state.backend,
      nonce: state.nonce,
      code_verifier: state.codeVerifier,
      next: state.next,
      is_signup: state.isSignup,
      mobile_flow_otp: state.mobileFlowOtp,
      desktop_flow_otp: state.desktopFlowOtp,
      user_id: null,
    },
    STATE_TTL_MINUTES,
  );
}

/** A login that ended for a realm on another host: the token its host takes (takeHandoff). */
export function saveHandoff(
  db: Executor,
  config: Pick<Config, 'internalSecret'>,
  handoff: { realmId: number; userId: number; next: string },
): Promise<string> {
  return saveRow(
    db,
    config,
    {
      realm_id: handoff.realmId,
      backend: HANDOFF,
      nonce: '',
      code_verifier: '',
      next: handoff.next,
      is_signup: false,
      mobile_flow_otp: null,
      desktop_flow_otp: null,
      user_id: handoff.userId,
    },
    HANDOFF_TTL_MINUTES,
  );
}

/** The hand-off a token names, for the realm of the host it is presented at; once. */
export async function takeHandoff(
  db: Executor,
  config: Pick<Config, 'internalSecret'>,
  raw: string,
  realmId: number | null,
): Promise<{ userId: number; next: string }> {
  const row = await takeRow(db, config, HANDOFF, raw);
  if (row.realm_id !== realmId || row.user_id === null) throw badState();
  return { userId: row.user_id, next: row.next };
}

/** The row a signed token names, taken (deleted) so it serves once; refused when it cannot serve. */
async function takeRow(db: Executor, config: Pick<Config, 'internalSecret'>, backend: string, raw: string | undefined): Promise<StateRow> {
  const parts = (raw ?? '').split('.');
  if (parts.length !== 3 || !/^\d{1,10}$/.test(parts[0]!)) throw badState();
  const payload = `${parts[0]}.${parts[1]}`;
  const given = Buffer.from(parts[2]!, 'base64url');
  const expected = signature(config, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badState();
  const rows: StateRow[] = await db('external_login_states')
    .where({ id: parts[1], realm_id: Number(parts[0]), backend })
    .where('expires_at', '>', new Date())
    .delete()
    .returning('*');
  const row = rows[0];
  if (!row) throw badState();
  return row;
}

/** The login the `state` names, taken (deleted) so it serves once; refused when it cannot serve. */
export async function takeLoginState(
  db: Executor,
  config: Pick<Config, 'internalSecret'>,
  backend: string,
  raw: string | undefined,
): Promise<LoginState> {
  const row = await takeRow(db, config, backend, raw);
  return {
    backend: row.backend,
    realmId: row.realm_id,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    next: row.next,
    isSignup: row.is_signup,
    mobileFlowOtp: row.mobile_flow_otp,
    desktopFlowOtp: row.desktop_flow_otp,
  };
}

import { getRealm, getUserByEmail } from '@chat/db';
import { ApiError, badRequest } from '@chat/errors';
import type { SettingsDeps } from '../app';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Zulip's api_dev_fetch_api_key: any user's key, by e-mail alone, on a development server. */
export async function devFetchApiKey(
  deps: SettingsDeps,
  realmId: number | null,
  username: string,
): Promise<Record<string, unknown>> {
  if (deps.config.env !== 'development') throw new ApiError('Dev environment not enabled.');
  if (!EMAIL.test(username.trim())) throw badRequest('Enter a valid email address.');
  const realm = realmId === null ? undefined : await getRealm(deps.db.knex, realmId);
  const user = realm ? await getUserByEmail(deps.db.knex, realm.id, username) : undefined;
  if (realm?.deactivated) {
    throw new ApiError('This organization has been deactivated.', { status: 403, extra: { reason: 'realm deactivated' } });
  }
  if (!user) throw new ApiError('This user is not registered.', { status: 403, extra: { reason: 'unregistered' } });
  if (!user.is_active) {
    throw new ApiError('Your account has been disabled.', { status: 403, extra: { reason: 'user disable' } });
  }
  return { api_key: deps.cipher.decrypt(user.api_key_enc), email: user.delivery_email };
}

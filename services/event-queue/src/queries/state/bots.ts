/** realm_bots (Zulip's get_owned_bot_dicts): per user, so never in the realm cache. */
import { botServiceDicts, createApiKeyCipher, type ApiKeyCipher, type Executor, type UserRow } from '@chat/db';
import { ownedBotDict } from '@chat/views';

const ciphers = new Map<string, ApiKeyCipher>();

/** The cipher for API_KEY_SECRET, derived once per secret (key derivation is not free). */
export function apiKeyCipherFor(secret: string): ApiKeyCipher {
  let cipher = ciphers.get(secret);
  if (!cipher) {
    cipher = createApiKeyCipher(secret);
    ciphers.set(secret, cipher);
  }
  return cipher;
}

/**
 * An administrator sees every bot of the realm, deactivated ones included (2.1 lists them with
 * is_active false so they can be reactivated); anyone else the bots they own. Each with its key,
 * decrypted here: /register is answered to the user only, as GET /bots is.
 */
export async function realmBotsState(db: Executor, user: UserRow, cipher: ApiKeyCipher): Promise<Record<string, unknown>[]> {
  const query = db<UserRow & { owner_email: string | null }>('users as b')
    .leftJoin('users as o', 'o.id', 'b.bot_owner_id')
    .where({ 'b.realm_id': user.realm_id, 'b.is_bot': true })
    .orderBy('b.id')
    .select('b.*', 'o.email as owner_email');
  if (user.role !== 'admin') void query.where('b.bot_owner_id', user.id);
  const bots = await query;
  const services = await botServiceDicts(
    db,
    bots.map((bot) => bot.id),
  );
  return bots.map((bot) => ({ ...ownedBotDict(bot, bot.owner_email, services.get(bot.id)), api_key: cipher.decrypt(bot.api_key_enc) }));
}

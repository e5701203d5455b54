import { generateApiKey, notifyAuthChange, type ApiKeyCipher, type Executor, type UserRow } from '@chat/db';

/**
 * Zulip's do_regenerate_api_key. The old key stops working everywhere at commit (notifyAuthChange).
 * Zulip also sends realm_bot update with the new key for a bot; this server keeps keys out of
 * events (they would sit unencrypted in the outbox), so owners read it from the response or
 * GET /bots.
 */
export async function doRegenerateApiKey(trx: Executor, cipher: ApiKeyCipher, user: UserRow): Promise<string> {
  const apiKey = generateApiKey();
  await trx('users')
    .where({ id: user.id })
    .update({ api_key_enc: cipher.encrypt(apiKey), api_key_hash: cipher.lookupHash(apiKey) });
  await notifyAuthChange(trx, user.id);
  return apiKey;
}

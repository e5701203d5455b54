/**
 * Password storage: bcrypt over a SHA-256 pre-hash (the scheme Django calls bcrypt_sha256).
 * bcrypt alone silently ignores everything after 72 bytes; pre-hashing keeps long passphrases
 * whole. bcryptjs is plain JavaScript, so the production bundles need no native addon.
 */
import { createHash } from 'node:crypto';
import bcrypt from 'bcryptjs';

/** 2^12 rounds: about a quarter of a second per guess on a server core (OWASP's floor is 10). */
export const PASSWORD_ROUNDS = 12;
const PREFIX = 'bcrypt_sha256$';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string | null): Promise<boolean>;
}

function prehash(password: string): string {
  return createHash('sha256').update(password, 'utf8').digest('base64');
}

/** A throwaway hash to compare against when there is no user, so both paths cost the same. */
let dummyHash: string | undefined;

export function bcryptHasher(rounds = PASSWORD_ROUNDS): PasswordHasher {
  return {
    async hash(password) {
      return PREFIX + (await bcrypt.hash(prehash(password), rounds));
    },
    async verify(password, stored) {
      if (!stored || !stored.startsWith(PREFIX)) {
        dummyHash ??= await bcrypt.hash('unused', rounds);
        await bcrypt.compare(prehash(password), dummyHash);
        return false;
      }
      return bcrypt.compare(prehash(password), stored.slice(PREFIX.length));
    },
  };
}

/**
 * The two accounts the generated requests act as (hamlet, a member; iago, the administrator), kept
 * usable: a generated request that happens to be valid may deactivate hamlet, regenerate a key or
 * change a role, and every later request would then stop at authentication.
 */
import type { RequestListener } from 'node:http';
import { anyOf, ROLE_CODES, type Database } from '@chat/db';

type Knex = Database['knex'];
import { ApiClient } from '@chat/testing';
import type { Credentials } from './malformed-input.sender';

export const MEMBER = 'hamlet@zulip.com';
export const ADMIN = 'iago@zulip.com';
export const WEBHOOK_BOT = 'webhook-bot@zulip.com';

async function login(app: RequestListener, email: string): Promise<ApiClient> {
  return new ApiClient(app).loginAs(email);
}

function keyOf(client: ApiClient): { email: string; apiKey: string } {
  const [email, apiKey] = Buffer.from(client.auth.replace(/^Basic /, ''), 'base64')
    .toString('utf8')
    .split(':');
  return { email: email!, apiKey: apiKey! };
}

export async function logIn(app: RequestListener): Promise<Credentials> {
  const [member, admin, bot] = await Promise.all([login(app, MEMBER), login(app, ADMIN), login(app, WEBHOOK_BOT)]);
  return { member: keyOf(member), admin: keyOf(admin), webhookBotKey: keyOf(bot).apiKey };
}

type Account = { id: number; email: string; role: string; is_active: boolean };

/**
 * Who fixes the accounts: iago while he is an active administrator; otherwise another active human
 * administrator of his realm (a generated request may have made someone else one, then demoted or
 * deactivated iago), as Zulip's rule that one administrator always remains guarantees there is one.
 */
async function actingAdmin(knex: Knex, admin: Account): Promise<string> {
  if (admin.role === 'admin' && admin.is_active) return ADMIN;
  const realmOfIago = knex('users').where({ id: admin.id }).select('realm_id');
  const other = (await knex('users')
    .where({ realm_id: realmOfIago, role: 'admin', is_active: true, is_bot: false })
    .orderBy('id')
    .first('email')) as { email: string } | undefined;
  return other?.email ?? MEMBER;
}

/**
 * Puts hamlet, iago and the webhook bot back as they were (active; member and administrator) through the API, as
 * an administrator would, then logs them in again for their current keys. Returns what it fixed.
 */
export async function restoreActors(app: RequestListener, knex: Knex): Promise<string[]> {
  const accounts = (await knex('users')
    .whereRaw(...anyOf('email', [MEMBER, ADMIN, WEBHOOK_BOT]))
    .select('id', 'email', 'role', 'is_active')) as Account[];
  const [member, admin, bot] = [MEMBER, ADMIN, WEBHOOK_BOT].map((email) => accounts.find((a) => a.email === email)!) as [
    Account,
    Account,
    Account,
  ];
  const fixed: string[] = [];
  if (admin.role === 'admin' && admin.is_active && member.role === 'member' && member.is_active && bot.is_active) return fixed;
  const client = await login(app, await actingAdmin(knex, admin));
  if (!admin.is_active) {
    await client.post(`/users/${admin.id}/reactivate`).expect(200);
    fixed.push('iago reactivated');
  }
  if (admin.role !== 'admin') {
    await client.patch(`/users/${admin.id}`, { role: ROLE_CODES.admin }).expect(200);
    fixed.push('iago made administrator again');
  }
  if (!member.is_active) {
    await client.post(`/users/${member.id}/reactivate`).expect(200);
    fixed.push('hamlet reactivated');
  }
  if (!bot.is_active) {
    await client.post(`/users/${bot.id}/reactivate`).expect(200);
    fixed.push('webhook bot reactivated');
  }
  if (member.role !== 'member') {
    // By role: 2.1's is_admin / is_guest leave a moderator one.
    await client.patch(`/users/${member.id}`, { role: ROLE_CODES.member }).expect(200);
    fixed.push(`hamlet made member again (was ${member.role})`);
  }
  return fixed;
}

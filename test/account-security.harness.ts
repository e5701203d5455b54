/**
 * What the password reset and two-factor suites share: a browser (its cookies and CSRF token), a
 * user made with a password, the reset mail's link, and TOTP codes computed as an authenticator
 * app does (otplib), a time step before or after now.
 */
import type { RequestListener } from 'node:http';
import { generateSync } from 'otplib';
import request from 'supertest';
import { basicAuth, readMailFolder, waitFor, type ReceivedMail } from '@chat/testing';

export interface Browser {
  cookie: string;
  csrf: string;
}

export const ANONYMOUS: Browser = { cookie: 'csrftoken=anon-token', csrf: 'anon-token' };

export function browserFrom(setCookie: string[] | string | undefined): Browser {
  const cookie = ([] as string[])
    .concat(setCookie ?? [])
    .map((line) => line.split(';')[0]!)
    .join('; ');
  return { cookie, csrf: /csrftoken=([^;]+)/.exec(cookie)![1]! };
}

/** A TOTP code of `secret` for the time step `offset` steps from now. */
export function totp(secret: string, offset = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
}

export type Target = RequestListener | string;

export function web(target: Target, method: 'get' | 'post' | 'patch', path: string, browser: Browser = ANONYMOUS) {
  return request(target)[method](`/json${path}`).set('Cookie', browser.cookie).set('X-CSRFToken', browser.csrf);
}

let made = 0;

/** A new member with a password, made by Iago. */
export async function newUser(target: Target, label: string, password: string): Promise<string> {
  const key = (await request(target).post('/api/v1/dev_fetch_api_key').type('form').send({ username: 'iago@zulip.com' })).body
    .api_key as string;
  const email = `${label}-${Date.now()}-${(made += 1)}@zulip.com`;
  const created = await request(target)
    .post('/api/v1/users')
    .set('Authorization', basicAuth('iago@zulip.com', key))
    .type('form')
    .send({ email, password, full_name: label, short_name: label });
  if (created.status !== 200) throw new Error(`cannot create ${email}: ${JSON.stringify(created.body)}`);
  return email;
}

export async function login(target: Target, username: string, password: string, code?: string) {
  return web(target, 'post', '/login')
    .type('form')
    .send({ username, password, ...(code === undefined ? {} : { code }) });
}

/** The mails to `address` in the folder, in sending order, once there are `count` of them. */
export async function mailsTo(dir: string, address: string, count = 1): Promise<ReceivedMail[]> {
  const to = (m: ReceivedMail) => m.to.toLowerCase() === address.toLowerCase();
  await waitFor(async () => (await readMailFolder(dir)).filter(to).length >= count, 60_000);
  return (await readMailFolder(dir)).filter(to);
}

export const mailTo = async (dir: string, address: string): Promise<ReceivedMail> => (await mailsTo(dir, address)).at(-1)!;

export const resetLinkIn = (mail: ReceivedMail): string => /(\S+\/accounts\/password\/reset\/[A-Za-z0-9_-]{43}\/)/.exec(mail.text)![1]!;
export const tokenOf = (link: string): string => /reset\/([A-Za-z0-9_-]{43})\/$/.exec(link)![1]!;

/** Enrols `browser`'s user: begin, then confirm with the code of the step before now (leaving now and later for the test). */
export async function enrol(target: Target, browser: Browser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const begun = await web(target, 'post', '/users/me/two_factor/begin', browser);
  const secret = begun.body.secret as string;
  const confirmed = await web(target, 'post', '/users/me/two_factor/confirm', browser)
    .type('form')
    .send({ code: totp(secret, -1) });
  if (confirmed.status !== 200) throw new Error(`cannot enrol: ${JSON.stringify(confirmed.body)}`);
  return { secret, recoveryCodes: confirmed.body.recovery_codes as string[] };
}

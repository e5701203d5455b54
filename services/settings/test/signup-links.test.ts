/**
 * Signing up through a reusable invitation link (Zulip's /join/ form): the link's page takes an
 * address and mails it a confirmation link of its own, and only that link makes an account, with
 * the reusable link's role and streams. An address that has an account gets a note instead, with
 * the same answer; the realm's domains apply; confirmations expire after a day and go with the
 * link; and the mails are limited per address and per client address.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { getStreamByName } from '@chat/db';
import { identityHeaders } from '@chat/http';
import { folderMailer } from '@chat/mail';
import { startJobs, type ProcessJobs } from '@chat/runtime';
import { readMailFolder, testLogger, waitFor, type ReceivedMail } from '@chat/testing';
import { registerInvitationMailJob } from '../src/consumers/invitation-mail';
import { startSettings, type Harness } from './helpers';

jest.setTimeout(60_000);

const BAD_LINK = { result: 'error', msg: 'The confirmation link has expired or been deactivated.' };
const RATE_LIMITED = { result: 'error', msg: 'API usage exceeded rate limit', 'retry-after': expect.any(Number) };

describe('signing up through a reusable link', () => {
  let h: Harness;
  let jobs: ProcessJobs;
  let mailDir: string;
  let denmark: number;
  let linkKey: string;
  let linkId: number;

  beforeAll(async () => {
    mailDir = await mkdtemp(join(tmpdir(), 'signup-links-mail-'));
    h = await startSettings({ mailer: folderMailer(mailDir, 'noreply@zulip.test') });
    jobs = await startJobs(h.config, h.db, testLogger(), 'embedded');
    await registerInvitationMailJob({ ...h.deps, jobs: jobs.jobs });
    denmark = (await getStreamByName(h.db.knex, h.realmId, 'Denmark'))!.id;
    const link = await request(h.app)
      .post('/api/v1/invites/multiuse')
      .set(await h.headers('iago@zulip.com'))
      .type('form')
      .send({ stream_ids: JSON.stringify([denmark]), invite_as: '3' });
    linkKey = /\/join\/([a-z0-9]{24})\/$/.exec(link.body.invite_link as string)![1]!;
    linkId = (await h.db.knex('invitations').where({ confirmation_key: linkKey }).first('id')).id;
  });
  afterAll(async () => {
    await jobs.close();
    await h.close();
    await rm(mailDir, { recursive: true, force: true });
  });

  const anonymous = (clientAddress?: string) =>
    identityHeaders({ kind: 'anonymous', realmId: h.realmId, ...(clientAddress ? { clientAddress } : {}) }, h.config.internalSecret);
  const askLink = (email: string, key = linkKey, clientAddress?: string) =>
    request(h.app).post('/api/v1/join').set(anonymous(clientAddress)).type('form').send({ key, email });
  const signUp = (key: string, fullName = 'Viola', password = 'sebastian twin') =>
    request(h.app).post('/api/v1/signup').set(anonymous()).type('form').send({ key, full_name: fullName, password });
  // Addresses compare as the mailer writes them (it lower-cases the domain).
  const mailsTo = async (address: string) => (await readMailFolder(mailDir)).filter((m) => m.to.toLowerCase() === address.toLowerCase());
  const mailTo = async (address: string, count = 1): Promise<ReceivedMail> => {
    await waitFor(async () => (await mailsTo(address)).length >= count);
    return (await mailsTo(address)).at(-1)!;
  };
  const confirmationKey = (mail: ReceivedMail) => /\/accounts\/do_confirm\/([a-z0-9]{24})/.exec(mail.text)![1]!;

  it('makes no account from the reusable link itself, whatever address is given', async () => {
    expect(
      (
        await request(h.app)
          .post('/api/v1/signup')
          .set(anonymous())
          .type('form')
          .send({ key: linkKey, full_name: 'Mallory', password: 'long enough', email: 'othello@example.test' })
      ).body,
    ).toEqual(BAD_LINK);
    expect(await h.db.knex('users').where({ delivery_email: 'othello@example.test' }).first('id')).toBeUndefined();
  });

  it("mails the address a link of its own, which makes the account with the link's role and streams", async () => {
    expect((await askLink('Viola@Example.test')).body).toEqual({ result: 'success', msg: '' });
    const mail = await mailTo('Viola@Example.test');
    expect(mail.subject).toBe('Confirm your address to join Zulip Dev');
    expect(mail.text).toContain('The link works for 1 day.');
    const key = confirmationKey(mail);
    expect((await request(h.app).get('/api/v1/signup/invitation').set(anonymous()).query({ key })).body).toEqual({
      result: 'success',
      msg: '',
      email: 'Viola@Example.test',
      realm_name: 'Zulip Dev',
      is_multiuse: false,
    });
    // Not an invitation anyone sent: neither listed nor managed as one.
    const listed = (
      await request(h.app)
        .get('/api/v1/invites')
        .set(await h.headers('iago@zulip.com'))
    ).body.invites as { email?: string; id: number }[];
    expect(listed.map((i) => i.email)).not.toContain('Viola@Example.test');
    const row = await h.db.knex('invitations').where({ confirmation_key: key }).first();
    expect(row).toMatchObject({ via_invitation_id: linkId, invited_as: 3, is_multiuse: false });
    expect(
      (
        await request(h.app)
          .post(`/api/v1/invites/${row.id}/resend`)
          .set(await h.headers('iago@zulip.com'))
      ).body,
    ).toEqual({ result: 'error', msg: 'No such invitation' });

    const signed = await signUp(key);
    expect(signed.body).toEqual({ result: 'success', msg: '', user_id: expect.any(Number), email: 'Viola@Example.test' });
    expect(await h.db.knex('users').where({ id: signed.body.user_id }).first('role')).toEqual({ role: 'guest' });
    const followUp = await h.db
      .knex('job_requests')
      .where({ kind: 'subscription.join-invited-streams' })
      .orderBy('id', 'desc')
      .first('payload');
    expect(followUp?.payload).toMatchObject({ userId: signed.body.user_id, streamIds: [denmark] });
    expect((await signUp(key)).body).toEqual(BAD_LINK);
    // The reusable link stays for the next person.
    expect((await askLink('sebastian@example.test')).body).toEqual({ result: 'success', msg: '' });
  });

  it('answers an address that has an account the same, and mails it a note instead of a link', async () => {
    const before = await h.db.knex('invitations').count<{ n: string }[]>('* as n');
    expect((await askLink('OTHELLO@zulip.com')).body).toEqual({ result: 'success', msg: '' });
    const note = await mailTo('OTHELLO@zulip.com');
    expect(note.subject).toBe('You already have an account in Zulip Dev');
    expect(note.text).not.toMatch(/do_confirm/);
    expect(await h.db.knex('invitations').count<{ n: string }[]>('* as n')).toEqual(before);
  });

  it("refuses an address outside the realm's domains and one that is not an address", async () => {
    expect((await askLink('not an address')).body).toEqual({ result: 'error', msg: 'Enter a valid email address.' });
    const settings = (await h.db.knex('realms').where({ id: h.realmId }).first('settings')).settings;
    await h.db
      .knex('realms')
      .where({ id: h.realmId })
      .update({ settings: { ...settings, emails_restricted_to_domains: true } });
    try {
      expect((await askLink('orsino@example.test')).body).toEqual({
        result: 'error',
        msg: 'Your email address, orsino@example.test, is not in one of the domains that are allowed to register for accounts in this organization.',
      });
    } finally {
      await h.db.knex('realms').where({ id: h.realmId }).update({ settings });
    }
    expect((await askLink('orsino@example.test', 'abcdefghijklmnopqrstuvwx')).body).toEqual(BAD_LINK);
  });

  it('lets a confirmation link expire after a day, and go with the reusable link', async () => {
    expect((await askLink('antonio@example.test')).body.result).toBe('success');
    const key = confirmationKey(await mailTo('antonio@example.test'));
    await h.db
      .knex('invitations')
      .where({ confirmation_key: key })
      .update({ invited_at: h.db.knex.raw("now() - interval '25 hours'") });
    expect((await signUp(key, 'Antonio')).body).toEqual(BAD_LINK);
    await h.db.knex('invitations').where({ confirmation_key: key }).update({ invited_at: h.db.knex.fn.now() });
    const sebastian = confirmationKey(await mailTo('sebastian@example.test'));
    expect(
      (
        await request(h.app)
          .delete(`/api/v1/invites/multiuse/${linkId}`)
          .set(await h.headers('iago@zulip.com'))
      ).body.result,
    ).toBe('success');
    expect((await signUp(sebastian, 'Sebastian')).body).toEqual(BAD_LINK);
    expect((await signUp(key, 'Antonio')).body).toEqual(BAD_LINK);
  });

  it('limits the mails per address (2 an hour) and per client address (5 a day), before looking the address up', async () => {
    const link = await request(h.app)
      .post('/api/v1/invites/multiuse')
      .set(await h.headers('iago@zulip.com'))
      .type('form')
      .send({});
    const key = /\/join\/([a-z0-9]{24})\/$/.exec(link.body.invite_link as string)![1]!;
    for (const address of ['maria@example.test', 'hamlet@zulip.com']) {
      for (let i = 0; i < 2; i++) expect((await askLink(address, key)).body).toEqual({ result: 'success', msg: '' });
      const limited = await askLink(address.toUpperCase(), key);
      expect([limited.status, limited.body]).toEqual([429, RATE_LIMITED]);
      expect(limited.body['retry-after']).toBeGreaterThan(3500);
    }
    // The per-IP limit is one of the rate limits RATE_LIMIT_PER_MINUTE turns on (off in tests by default).
    h.config.rateLimitPerMinute = 200;
    try {
      for (let i = 0; i < 5; i++) expect((await askLink(`feste${i}@example.test`, key, '203.0.113.7')).status).toBe(200);
      const limited = await askLink('curio@example.test', key, '203.0.113.7');
      expect([limited.status, limited.body]).toEqual([429, RATE_LIMITED]);
      expect(limited.body['retry-after']).toBeGreaterThan(86_000);
      expect((await askLink('curio@example.test', key, '203.0.113.8')).status).toBe(200);
    } finally {
      h.config.rateLimitPerMinute = 0;
    }
  });
});

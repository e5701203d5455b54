import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { getStreamByName } from '@chat/db';
import { folderMailer } from '@chat/mail';
import { startJobs, type ProcessJobs } from '@chat/runtime';
import { anonymousHeaders, readMailFolder, testLogger, waitFor } from '@chat/testing';
import { settingsContext } from '../src/app';
import { deliverInvitationMail, registerInvitationMailJob } from '../src/consumers/invitation-mail';
import { eventsOf, startSettings, type Harness } from './helpers';

describe('invitations', () => {
  let h: Harness;
  let jobs: ProcessJobs;
  let mailDir: string;
  let verona: number;
  let denmark: number;
  let scotland: number;

  beforeAll(async () => {
    mailDir = await mkdtemp(join(tmpdir(), 'invite-mail-'));
    h = await startSettings({ mailer: folderMailer(mailDir, 'noreply@zulip.test') });
    // Invitation e-mails are background jobs: the embedded topology's runner, on the test database.
    jobs = await startJobs(h.config, h.db, testLogger(), 'embedded');
    await registerInvitationMailJob({ ...h.deps, jobs: jobs.jobs });
    verona = (await getStreamByName(h.db.knex, h.realmId, 'Verona'))!.id;
    denmark = (await getStreamByName(h.db.knex, h.realmId, 'Denmark'))!.id;
    // A private stream nobody in these tests is subscribed to.
    await h.db
      .knex('streams')
      .where({ id: (await getStreamByName(h.db.knex, h.realmId, 'Scotland'))!.id })
      .update({ invite_only: true });
    await h.db
      .knex('subscriptions')
      .where({ stream_id: (await getStreamByName(h.db.knex, h.realmId, 'Scotland'))!.id })
      .del();
    scotland = (await getStreamByName(h.db.knex, h.realmId, 'Scotland'))!.id;
  });
  afterAll(async () => {
    await jobs.close();
    await h.close();
    await rm(mailDir, { recursive: true, force: true });
  });

  const as = async (email: string, method: 'get' | 'post' | 'delete', path: string, body?: Record<string, string>) => {
    const req = request(h.app)
      [method](`/api/v1${path}`)
      .set(await h.headers(email));
    return body ? req.type('form').send(body) : req;
  };
  const invite = (email: string, body: Record<string, string>) =>
    as(email, 'post', '/invites', { stream_ids: JSON.stringify([verona]), ...body });
  const err = (msg: string, extra: Record<string, unknown> = {}) => ({ result: 'error', msg, ...extra });
  const pending = async (email = 'iago@zulip.com') => {
    const res = await as(email, 'get', '/invites');
    if (!res.body.invites) throw new Error(JSON.stringify(res.body));
    return res.body.invites as Record<string, unknown>[];
  };
  const byEmail = async (email: string) => (await pending()).find((i) => i.email === email)!;

  it('invites several addresses, mails each its own link and tells administrators and the inviter', async () => {
    const [iago, hamlet] = [await h.user('iago@zulip.com'), await h.user('hamlet@zulip.com')];
    const notices = await eventsOf(h.db, async () => {
      const res = await invite('hamlet@zulip.com', {
        invitee_emails: 'Viola <viola@example.test>, sebastian@example.test\norsino@example.test,',
        stream_ids: JSON.stringify([verona, denmark]),
      });
      expect(res.body).toEqual({ result: 'success', msg: '' });
    });
    expect(notices.map((n) => [n.event, n.userIds])).toEqual([[{ type: 'invites_changed' }, [iago.id, hamlet.id].sort((a, b) => a - b)]]);
    await waitFor(async () => (await readMailFolder(mailDir)).length === 3);
    const mails = await readMailFolder(mailDir);
    expect(mails.map((m) => m.to).sort()).toEqual(['orsino@example.test', 'sebastian@example.test', 'viola@example.test']);
    const viola = mails.find((m) => m.to === 'viola@example.test')!;
    expect(viola.subject).toBe('King Hamlet invited you to join Zulip Dev');
    const key = /\/accounts\/do_confirm\/([a-z0-9]{24})/.exec(viola.text)![1];
    expect(viola.text).toContain('King Hamlet (hamlet@zulip.com)');
    expect(viola.html).toContain(`/accounts/do_confirm/${key}`);
    const row = await h.db.knex('invitations').where({ email: 'viola@example.test' }).first();
    expect(row).toMatchObject({ confirmation_key: key, invited_as: 1, is_multiuse: false });
    expect((await h.db.knex('invitation_streams').where({ invitation_id: row.id }).orderBy('stream_id')).map((r) => r.stream_id)).toEqual(
      [verona, denmark].sort((a, b) => a - b),
    );
  });

  it('lists pending invitations: all to administrators, their own to others, none to guests', async () => {
    const hamlet = await h.user('hamlet@zulip.com');
    await invite('cordelia@zulip.com', { invitee_emails: 'lear@example.test' });
    const all = await pending();
    const viola = all.find((i) => i.email === 'viola@example.test')!;
    expect(viola).toEqual({
      id: expect.any(Number),
      email: 'viola@example.test',
      ref: 'hamlet@zulip.com',
      invited_by_user_id: hamlet.id,
      invited: expect.any(Number),
      expiry_date: (viola.invited as number) + 10 * 86400,
      invited_as: 1,
      is_multiuse: false,
    });
    expect(all.map((i) => i.email)).toEqual(expect.arrayContaining(['lear@example.test', 'orsino@example.test']));
    expect((await pending('hamlet@zulip.com')).map((i) => i.email).sort()).toEqual([
      'orsino@example.test',
      'sebastian@example.test',
      'viola@example.test',
    ]);
    expect((await pending('cordelia@zulip.com')).map((i) => i.email)).toEqual(['lear@example.test']);
    expect((await as('polonius@zulip.com', 'get', '/invites')).body).toEqual(err('Not allowed for guest users', { code: 'BAD_REQUEST' }));
  });

  it('refuses what Zulip refuses, inviting nobody', async () => {
    const before = await h.db.knex('invitations').count<{ count: string }[]>('* as count');
    expect((await invite('hamlet@zulip.com', { invitee_emails: ' , ' })).body).toEqual(err('You must specify at least one email address.'));
    expect((await invite('hamlet@zulip.com', { invitee_emails: 'a@example.test', stream_ids: '[]' })).body).toEqual(
      err('You must specify at least one stream for invitees to join.'),
    );
    expect((await invite('hamlet@zulip.com', { invitee_emails: 'a@example.test', stream_ids: '[999999]' })).body).toEqual(
      err('Stream does not exist with id: 999999. No invites were sent.'),
    );
    expect((await invite('hamlet@zulip.com', { invitee_emails: 'a@example.test', stream_ids: JSON.stringify([scotland]) })).body).toEqual(
      err(`Stream does not exist with id: ${scotland}. No invites were sent.`),
    );
    expect((await invite('hamlet@zulip.com', { invitee_emails: 'a@example.test', invite_as: '2' })).body).toEqual(
      err('Must be an organization administrator'),
    );
    expect((await invite('hamlet@zulip.com', { invitee_emails: 'a@example.test', invite_as: '100' })).body).toEqual(
      err('Must be invited as an valid type of user'),
    );
    expect((await invite('polonius@zulip.com', { invitee_emails: 'a@example.test' })).body).toEqual(
      err('Not allowed for guest users', { code: 'BAD_REQUEST' }),
    );
    expect((await invite('default-bot@zulip.com', { invitee_emails: 'a@example.test' })).body).toEqual(
      err('This endpoint does not accept bot requests.'),
    );
    expect((await invite('hamlet@zulip.com', { invitee_emails: 'not-an-address, b@example.test, othello@zulip.com' })).body).toEqual(
      err("Some emails did not validate, so we didn't send any invitations.", {
        code: 'INVITATION_FAILED',
        errors: [
          ['not-an-address', 'Invalid address.', false],
          ['othello@zulip.com', 'Already has an account.', false],
        ],
        sent_invitations: false,
      }),
    );
    await h.db.knex('users').where({ email: 'prospero@zulip.com' }).update({ is_active: false });
    expect((await invite('hamlet@zulip.com', { invitee_emails: 'OTHELLO@zulip.com\nprospero@zulip.com' })).body).toEqual(
      err("We weren't able to invite anyone.", {
        code: 'INVITATION_FAILED',
        errors: [
          ['OTHELLO@zulip.com', 'Already has an account.', false],
          ['prospero@zulip.com', 'Account has been deactivated.', true],
        ],
        sent_invitations: false,
      }),
    );
    await h.db.knex('users').where({ email: 'prospero@zulip.com' }).update({ is_active: true });
    expect(await h.db.knex('invitations').count<{ count: string }[]>('* as count')).toEqual(before);
  });

  it('invites as a moderator (feature level 61): administrators only, and the account is a moderator', async () => {
    expect((await invite('hamlet@zulip.com', { invitee_emails: 'marina@example.test', invite_as: '300' })).body).toEqual(
      err('Must be an organization administrator'),
    );
    expect((await invite('iago@zulip.com', { invitee_emails: 'marina@example.test', invite_as: '300' })).body).toEqual({
      result: 'success',
      msg: '',
    });
    expect(await byEmail('marina@example.test')).toMatchObject({ invited_as: 300 });
    const { confirmation_key: key } = await h.db.knex('invitations').where({ email: 'marina@example.test' }).first('confirmation_key');
    const signed = await request(h.app)
      .post('/api/v1/signup')
      .set(await anonymousHeaders(h.db, h.config))
      .type('form')
      .send({ key, full_name: 'Marina', password: 'born at sea' });
    expect(signed.body).toMatchObject({ result: 'success', user_id: expect.any(Number) });
    expect(await h.db.knex('users').where({ id: signed.body.user_id }).first('role')).toEqual({ role: 'moderator' });
  });

  it('invites the others when some addresses already have accounts, and says so', async () => {
    expect((await invite('iago@zulip.com', { invitee_emails: 'othello@zulip.com, antonio@example.test', invite_as: '2' })).body).toEqual(
      err(
        "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
        {
          code: 'INVITATION_FAILED',
          errors: [['othello@zulip.com', 'Already has an account.', false]],
          sent_invitations: true,
        },
      ),
    );
    expect(await byEmail('antonio@example.test')).toMatchObject({ invited_as: 2, ref: 'iago@zulip.com' });
  });

  it('follows the realm: administrators only, and addresses outside its domains', async () => {
    const settings = (await h.db.knex('realms').where({ id: h.realmId }).first('settings')).settings;
    await h.db
      .knex('realms')
      .where({ id: h.realmId })
      .update({ settings: { ...settings, invite_by_admins_only: true, emails_restricted_to_domains: true } });
    expect((await invite('hamlet@zulip.com', { invitee_emails: 'a@example.test' })).body).toEqual(
      err('Must be an organization administrator'),
    );
    expect((await invite('iago@zulip.com', { invitee_emails: 'a@example.test' })).body).toMatchObject({
      msg: "Some emails did not validate, so we didn't send any invitations.",
      errors: [['a@example.test', 'Outside your domain.', false]],
    });
    // A realm anyone may join: new accounts do not invite (Zulip's INVITES_MIN_USER_AGE_DAYS).
    await h.db
      .knex('realms')
      .where({ id: h.realmId })
      .update({ settings: { ...settings, invite_required: false } });
    expect((await invite('hamlet@zulip.com', { invitee_emails: 'a@example.test' })).body).toEqual(
      err('Your account is too new to send invites for this organization. Ask an organization admin, or a more experienced user.', {
        code: 'INVITATION_FAILED',
        errors: [],
        sent_invitations: false,
      }),
    );
    await h.db
      .knex('users')
      .where({ email: 'hamlet@zulip.com' })
      .update({ date_joined: new Date(Date.now() - 4 * 86_400_000) });
    expect((await invite('hamlet@zulip.com', { invitee_emails: 'malvolio@example.test' })).body).toEqual({ result: 'success', msg: '' });
    await h.db.knex('realms').where({ id: h.realmId }).update({ settings });
  });

  it('resends (a new mail, valid again from now) and revokes; others may manage only their own', async () => {
    const viola = await byEmail('viola@example.test');
    await h.db
      .knex('invitations')
      .where({ id: viola.id })
      .update({ invited_at: new Date(Date.now() - 5 * 86_400_000) });
    const toViola = async () => (await readMailFolder(mailDir)).filter((m) => m.to === 'viola@example.test').length;
    const mailsBefore = await toViola();
    expect((await as('cordelia@zulip.com', 'post', `/invites/${viola.id}/resend`)).body).toEqual(
      err('Must be an organization administrator'),
    );
    const resent = await as('hamlet@zulip.com', 'post', `/invites/${viola.id}/resend`);
    expect(resent.body).toEqual({ result: 'success', msg: '', timestamp: expect.any(Number) });
    expect(Math.abs(resent.body.timestamp - Date.now() / 1000)).toBeLessThan(60);
    await waitFor(async () => (await toViola()) === mailsBefore + 1);

    const orsino = await byEmail('orsino@example.test');
    expect((await as('cordelia@zulip.com', 'delete', `/invites/${orsino.id}`)).body).toEqual(err('Must be an organization administrator'));
    const notices = await eventsOf(h.db, async () => {
      expect((await as('iago@zulip.com', 'delete', `/invites/${orsino.id}`)).body).toEqual({ result: 'success', msg: '' });
    });
    expect(notices.map((n) => n.event.type)).toEqual(['invites_changed']);
    expect(await byEmail('orsino@example.test')).toBeUndefined();
    for (const path of [`/invites/${orsino.id}`, '/invites/999999'])
      expect((await as('iago@zulip.com', 'delete', path)).body).toEqual(err('No such invitation'));
    expect((await as('iago@zulip.com', 'post', '/invites/999999/resend')).body).toEqual(err('No such invitation'));
  });

  it('sends nothing for an invitation revoked or accepted before its mail job ran', async () => {
    const ctx = settingsContext(h.deps);
    const orsino = (await h.db.knex('invitations').where({ email: 'orsino@example.test' }).first('id')) as { id: number } | undefined;
    expect(orsino).toBeUndefined();
    const lear = await byEmail('lear@example.test');
    expect(await deliverInvitationMail(ctx, lear.id as number)).toBe('sent');
    await h.db.knex('invitations').where({ id: lear.id }).update({ accepted_at: new Date() });
    expect(await deliverInvitationMail(ctx, lear.id as number)).toBe('gone');
    expect(await deliverInvitationMail(ctx, 999999)).toBe('gone');
  });

  it('creates and revokes reusable links, administrators only', async () => {
    expect((await as('hamlet@zulip.com', 'post', '/invites/multiuse', {})).body).toEqual(
      err('Must be an organization administrator', { code: 'UNAUTHORIZED_PRINCIPAL' }),
    );
    expect((await as('iago@zulip.com', 'post', '/invites/multiuse', { stream_ids: '[999999]' })).body).toEqual(
      err('Invalid stream id 999999. No invites were sent.'),
    );
    const res = await as('iago@zulip.com', 'post', '/invites/multiuse', { stream_ids: JSON.stringify([denmark]), invite_as: '3' });
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      invite_link: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/join\/[a-z0-9]{24}\/$/),
    });
    const listed = (await pending()).find((i) => i.is_multiuse)!;
    expect(listed).toMatchObject({ link_url: res.body.invite_link, invited_as: 3, ref: 'iago@zulip.com' });
    expect(listed.email).toBeUndefined();
    expect((await as('iago@zulip.com', 'delete', `/invites/${listed.id}`)).body).toEqual(err('No such invitation'));
    expect((await as('hamlet@zulip.com', 'delete', `/invites/multiuse/${listed.id}`)).body).toMatchObject({
      msg: 'Must be an organization administrator',
    });
    expect((await as('iago@zulip.com', 'delete', `/invites/multiuse/${listed.id}`)).body).toEqual({ result: 'success', msg: '' });
    expect((await pending()).some((i) => i.is_multiuse)).toBe(false);
  });

  it('forgets invitations past their validity (INVITATION_LINK_VALIDITY_DAYS)', async () => {
    const sebastian = await byEmail('sebastian@example.test');
    await h.db
      .knex('invitations')
      .where({ id: sebastian.id })
      .update({ invited_at: new Date(Date.now() - 10 * 86_400_000 - 1000) });
    expect(await byEmail('sebastian@example.test')).toBeUndefined();
    const key = (await h.db.knex('invitations').where({ id: sebastian.id }).first('confirmation_key')).confirmation_key;
    const res = await request(h.app)
      .get('/api/v1/signup/invitation')
      .query({ key })
      .set(await anonymousHeaders(h.db, h.config));
    expect(res.body).toEqual(err('The confirmation link has expired or been deactivated.'));
  });
});

/**
 * Invitations through the gateway, in both topologies: an administrator invites, an event queue
 * of another administrator hears invites_changed, the invitation e-mail reaches the mail folder,
 * the invitee signs up under /json (a browser session, the invitation's streams, the invitation
 * used up); a reusable link mails each address its own link, which makes a guest; a request of
 * more than a thousand addresses is refused; and, embedded, the same e-mail through a local SMTP
 * server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startStandalone, type Standalone } from '@chat/standalone';
import { ApiClient, basicAuth, readMailFolder, startSmtpServer, testConfig, testLogger, waitFor, type TestSmtpServer } from '@chat/testing';
import { describeBothTopologies } from './topologies';

jest.setTimeout(60_000);

const MAIL_DIR = mkdtempSync(join(tmpdir(), 'invites-e2e-mail-'));
const ANONYMOUS = { cookie: 'csrftoken=anon-token', csrf: 'anon-token' };

describeBothTopologies(
  'invitations',
  (env) => {
    const api = (path: string) => `/api/v1${path}`;
    let iago: string;
    const auth = async (email: string) => {
      const res = await request(env().target).post(api('/dev_fetch_api_key')).type('form').send({ username: email });
      return basicAuth(email, res.body.api_key as string);
    };
    const streamId = async (name: string) =>
      (await request(env().target).get(api('/get_stream_id')).query({ stream: name }).set('Authorization', iago)).body.stream_id as number;
    const web = (method: 'get' | 'post', path: string, browser = ANONYMOUS) =>
      request(env().target)[method](`/json${path}`).set('Cookie', browser.cookie).set('X-CSRFToken', browser.csrf);
    const mailTo = async (address: string) => {
      // As the mailer writes them: the domain lower-cased.
      const to = (m: { to: string }) => m.to.toLowerCase() === address.toLowerCase();
      await waitFor(async () => (await readMailFolder(MAIL_DIR)).some(to), 60_000);
      return (await readMailFolder(MAIL_DIR)).filter(to).at(-1)!;
    };

    beforeAll(async () => {
      iago = await auth('iago@zulip.com');
    });

    it("invites by e-mail; administrators hear of it; the invitee signs up with the invitation's streams and a session", async () => {
      const admin = await new ApiClient(env().target).loginAs('iago@zulip.com');
      const queue = await admin.post('/register', { event_types: ['invites_changed'] });
      expect(queue.status).toBe(200);
      const address = `viola-${env().name}@example.test`;
      const denmark = await streamId('Denmark');
      const invited = await request(env().target)
        .post(api('/invites'))
        .set('Authorization', await auth('hamlet@zulip.com'))
        .type('form')
        .send({ invitee_emails: address, stream_ids: JSON.stringify([denmark]) });
      expect(invited.body).toEqual({ result: 'success', msg: '' });
      await waitFor(async () => {
        const res = await admin.get('/events', { queue_id: queue.body.queue_id, last_event_id: -1, dont_block: true });
        return (res.body.events as { type: string }[]).some((e) => e.type === 'invites_changed');
      });

      const mail = await mailTo(address);
      expect(mail.subject).toBe('King Hamlet invited you to join Zulip Dev');
      const key = /\/accounts\/do_confirm\/([a-z0-9]{24})/.exec(mail.text)![1]!;
      const listed = (await request(env().target).get(api('/invites')).set('Authorization', iago)).body.invites as { email: string }[];
      expect(listed.map((i) => i.email)).toContain(address);

      expect((await web('get', '/signup/invitation').query({ key })).body).toEqual({
        result: 'success',
        msg: '',
        email: address,
        realm_name: 'Zulip Dev',
        is_multiuse: false,
      });
      // Browser sign-up only: the API has no such route.
      expect(
        (await request(env().target).post(api('/signup')).type('form').send({ key, full_name: 'Viola', password: 'sebastian twin' }))
          .status,
      ).toBe(404);
      expect((await web('post', '/signup').type('form').send({ key, full_name: 'Viola', password: 'short' })).body).toEqual({
        result: 'error',
        msg: 'The password is too weak.',
      });
      const signed = await web('post', '/signup').type('form').send({ key, full_name: 'Viola', password: 'sebastian twin' });
      expect(signed.body).toEqual({ result: 'success', msg: '', user_id: expect.any(Number), email: address });
      const cookie = ([] as string[])
        .concat(signed.headers['set-cookie'] ?? [])
        .map((c) => c.split(';')[0])
        .join('; ');
      const me = await request(env().target).get('/json/users/me').set('Cookie', cookie);
      expect(me.body).toMatchObject({ email: address, full_name: 'Viola', is_admin: false, is_guest: false });
      await waitFor(async () => {
        const subs = await request(env().target).get('/json/users/me/subscriptions').set('Cookie', cookie);
        return (subs.body.subscriptions as { name: string }[] | undefined)?.some((s) => s.name === 'Denmark') ?? false;
      });
      const login = await request(env().target)
        .post(api('/fetch_api_key'))
        .type('form')
        .send({ username: address, password: 'sebastian twin' });
      expect(login.body.result).toBe('success');

      // Used up: neither listed nor opening again.
      expect(
        ((await request(env().target).get(api('/invites')).set('Authorization', iago)).body.invites as { email: string }[]).map(
          (i) => i.email,
        ),
      ).not.toContain(address);
      expect((await web('post', '/signup').type('form').send({ key, full_name: 'Viola', password: 'sebastian twin' })).body).toEqual({
        result: 'error',
        msg: 'The confirmation link has expired or been deactivated.',
      });
    });

    it('signs up several people through one reusable link, each from a link mailed to their address, with its role', async () => {
      const created = await request(env().target)
        .post(api('/invites/multiuse'))
        .set('Authorization', iago)
        .type('form')
        .send({ invite_as: '3' });
      const key = /\/join\/([a-z0-9]{24})\/$/.exec(created.body.invite_link as string)![1]!;
      expect((await web('get', '/signup/invitation').query({ key })).body).toEqual({
        result: 'success',
        msg: '',
        realm_name: 'Zulip Dev',
        is_multiuse: true,
      });
      // The reusable link alone makes no account, whatever address it is given.
      expect(
        (
          await web('post', '/signup')
            .type('form')
            .send({ key, full_name: 'Mallory', password: 'shipwrecked', email: `mallory-${env().name}@example.test` })
        ).body,
      ).toEqual({
        result: 'error',
        msg: 'The confirmation link has expired or been deactivated.',
      });
      for (const name of ['Sebastian', 'Antonio']) {
        const email = `${name.toLowerCase()}-${env().name}@example.test`;
        expect((await web('post', '/join').type('form').send({ key, email })).body).toEqual({ result: 'success', msg: '' });
        const mail = await mailTo(email);
        expect(mail.subject).toBe('Confirm your address to join Zulip Dev');
        const confirmation = /\/accounts\/do_confirm\/([a-z0-9]{24})/.exec(mail.text)![1]!;
        expect((await web('get', '/signup/invitation').query({ key: confirmation })).body).toEqual({
          result: 'success',
          msg: '',
          email,
          realm_name: 'Zulip Dev',
          is_multiuse: false,
        });
        const signed = await web('post', '/signup').type('form').send({ key: confirmation, full_name: name, password: 'shipwrecked' });
        expect(signed.body).toEqual({ result: 'success', msg: '', user_id: expect.any(Number), email });
        const user = await request(env().target)
          .get(api(`/users/${signed.body.user_id}`))
          .set('Authorization', iago);
        expect(user.body.user).toMatchObject({ full_name: name, is_guest: true });
      }
      // An address with an account gets the same answer, and a note instead of a link.
      expect((await web('post', '/join').type('form').send({ key, email: 'othello@zulip.com' })).body).toEqual({
        result: 'success',
        msg: '',
      });
      const note = await mailTo('othello@zulip.com');
      expect(note.subject).toBe('You already have an account in Zulip Dev');
      expect(note.text).not.toMatch(/do_confirm/);
    });

    it("caps a request at a thousand addresses with Zulip's INVITATION_FAILED, and invites a thousand", async () => {
      const denmark = await streamId('Denmark');
      const addresses = (tag: string, count: number) =>
        Array.from({ length: count }, (_, i) => `${tag}${i}-${env().name}@example.test`).join(',');
      const invite = (emails: string) =>
        request(env().target)
          .post(api('/invites'))
          .set('Authorization', iago)
          .type('form')
          .send({ invitee_emails: emails, stream_ids: JSON.stringify([denmark]) });
      expect((await invite(addresses('crowd', 1001))).body).toEqual({
        result: 'error',
        msg: 'You can invite at most 1000 people at once, so no invitations were sent.',
        code: 'INVITATION_FAILED',
        errors: [],
        sent_invitations: false,
      });
      const mailJobs = () => env().db.knex('job_requests').where({ kind: 'settings.invitation-mail' }).count<{ n: string }[]>('* as n');
      const jobsBefore = Number((await mailJobs())[0]!.n);
      expect((await invite(addresses('guests', 1000))).body).toEqual({ result: 'success', msg: '' });
      const listed = (await request(env().target).get(api('/invites')).set('Authorization', iago)).body.invites as { email?: string }[];
      expect(listed.filter((i) => i.email?.startsWith('guests')).length).toBe(1000);
      expect(listed.some((i) => i.email?.startsWith('crowd'))).toBe(false);
      // Each e-mail a background job of its own, asked for by the inviting transaction.
      expect(Number((await mailJobs())[0]!.n)).toBe(jobsBefore + 1000);
      // Gone before their jobs run, so the mail folder the other tests read stays small.
      await env().db.knex('invitations').where('email', 'like', 'guests%').del();
    });
  },
  { emailBackend: 'folder', emailFolder: MAIL_DIR },
);

describe('the invitation e-mail through SMTP (embedded)', () => {
  let smtp: TestSmtpServer;
  let server: Standalone;
  beforeAll(async () => {
    smtp = await startSmtpServer({ username: 'relay', password: 'relay-secret' });
    const config = testConfig({
      emailBackend: 'smtp',
      emailHost: '127.0.0.1',
      emailPort: smtp.port,
      emailHostUser: 'relay',
      emailHostPassword: 'relay-secret',
      emailUseTls: false,
      noreplyEmailAddress: 'noreply@zulip.test',
    });
    server = await startStandalone({ config, logger: testLogger() });
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  it('reaches the relay, and again on resend', async () => {
    const key = (await request(server.app).post('/api/v1/dev_fetch_api_key').type('form').send({ username: 'iago@zulip.com' })).body
      .api_key as string;
    const iago = basicAuth('iago@zulip.com', key);
    const verona = (await request(server.app).get('/api/v1/get_stream_id').query({ stream: 'Verona' }).set('Authorization', iago)).body
      .stream_id as number;
    const invited = await request(server.app)
      .post('/api/v1/invites')
      .set('Authorization', iago)
      .type('form')
      .send({ invitee_emails: 'olivia@example.test', stream_ids: JSON.stringify([verona]) });
    expect(invited.body.result).toBe('success');
    await waitFor(() => smtp.mails.length === 1);
    expect(smtp.mails[0]).toMatchObject({
      from: 'noreply@zulip.test',
      envelopeTo: ['olivia@example.test'],
      subject: 'Iago invited you to join Zulip Dev',
    });
    expect(smtp.mails[0]!.text).toMatch(/\/accounts\/do_confirm\/[a-z0-9]{24}/);
    const id = ((await request(server.app).get('/api/v1/invites').set('Authorization', iago)).body.invites as { id: number }[])[0]!.id;
    expect((await request(server.app).post(`/api/v1/invites/${id}/resend`).set('Authorization', iago)).body.result).toBe('success');
    await waitFor(() => smtp.mails.length === 2);
    expect(smtp.mails[1]!.text).toBe(smtp.mails[0]!.text);
  });
});

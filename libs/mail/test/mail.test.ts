import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@chat/config';
import { readMailFolder, startSmtpServer, type TestSmtpServer } from '@chat/testing';
import { folderMailer, mailerFromConfig, noreplyAddress, smtpMailer } from '../src';

const letter = {
  to: 'iago@zulip.test',
  subject: 'Hello there',
  text: 'A line of text with a link: https://chat.example.test/join/abcdefghijklmnopqrstuvwx/',
};

describe('folder backend', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mail-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes each mail as one .eml file a mail reader parses back', async () => {
    const mailer = folderMailer(join(dir, 'created-on-demand'), 'noreply@chat.example.test');
    await mailer.send(letter);
    await mailer.send({ ...letter, subject: 'Second', html: '<p>Second <b>mail</b></p>', from: 'Someone <someone@chat.example.test>' });
    const mails = await readMailFolder(join(dir, 'created-on-demand'));
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ from: 'noreply@chat.example.test', to: letter.to, subject: 'Hello there' });
    expect(mails[0]!.text.trim()).toBe(letter.text);
    expect(mails[1]).toMatchObject({ from: '"Someone" <someone@chat.example.test>', subject: 'Second', html: '<p>Second <b>mail</b></p>' });
    expect((await readdir(join(dir, 'created-on-demand'))).every((name) => name.endsWith('.eml'))).toBe(true);
    await mailer.close();
  });

  it('is the default without EMAIL_HOST, under DATA_DIR/mail, and says so', async () => {
    const mailer = mailerFromConfig(loadConfig({ DATA_DIR: dir, EXTERNAL_HOST: 'chat.example.test:9991' }));
    expect(mailer.kind).toBe('folder');
    expect(mailer.describe()).toContain(join(dir, 'mail'));
    await mailer.send(letter);
    expect(await readMailFolder(join(dir, 'mail'))).toEqual([
      expect.objectContaining({ from: 'noreply@chat.example.test', subject: 'Hello there' }),
    ]);
  });
});

describe('SMTP backend', () => {
  let server: TestSmtpServer;
  afterEach(() => server.close());

  it('hands the mail to the relay, logged in with EMAIL_HOST_USER', async () => {
    server = await startSmtpServer({ username: 'relay-user', password: 'relay-secret' });
    const config = loadConfig({
      EMAIL_HOST: '127.0.0.1',
      EMAIL_PORT: String(server.port),
      EMAIL_HOST_USER: 'relay-user',
      EMAIL_HOST_PASSWORD: 'relay-secret',
      EMAIL_USE_TLS: 'false',
      NOREPLY_EMAIL_ADDRESS: 'noreply@chat.example.test',
    });
    const mailer = mailerFromConfig(config);
    expect(mailer.kind).toBe('smtp');
    expect(mailer.describe()).not.toContain('relay-secret');
    await mailer.send({ ...letter, html: '<p>hello</p>' });
    await mailer.close();
    expect(server.logins).toEqual([{ username: 'relay-user', password: 'relay-secret' }]);
    expect(server.mails).toEqual([
      expect.objectContaining({
        from: 'noreply@chat.example.test',
        to: letter.to,
        envelopeTo: [letter.to],
        subject: 'Hello there',
        html: '<p>hello</p>',
      }),
    ]);
    expect(server.mails[0]!.text.trim()).toBe(letter.text);
  });

  it('rejects the send when the relay refuses the login', async () => {
    server = await startSmtpServer({ username: 'relay-user', password: 'relay-secret' });
    const mailer = smtpMailer({
      host: '127.0.0.1',
      port: server.port,
      user: 'relay-user',
      password: 'wrong',
      useTls: false,
      useSsl: false,
      from: 'noreply@x.test',
    });
    await expect(mailer.send(letter)).rejects.toThrow(/Invalid username or password/);
    await mailer.close();
    expect(server.mails).toEqual([]);
  });

  it('refuses to send in plain text when EMAIL_USE_TLS demands STARTTLS', async () => {
    server = await startSmtpServer();
    const mailer = smtpMailer({
      host: '127.0.0.1',
      port: server.port,
      user: '',
      password: '',
      useTls: true,
      useSsl: false,
      from: 'noreply@x.test',
    });
    await expect(mailer.send(letter)).rejects.toThrow();
    await mailer.close();
    expect(server.mails).toEqual([]);
  });
});

describe('configuration', () => {
  it('validates the mail settings with one message', () => {
    expect(() =>
      loadConfig({ EMAIL_BACKEND: 'carrier-pigeon', EMAIL_PORT: 'x', EMAIL_USE_TLS: 'maybe', NOREPLY_EMAIL_ADDRESS: 'nobody' }),
    ).toThrow(
      /EMAIL_BACKEND must be one of smtp, folder, none[\s\S]*EMAIL_PORT must be a whole number[\s\S]*EMAIL_USE_TLS must be true or false[\s\S]*NOREPLY_EMAIL_ADDRESS must be an e-mail address/,
    );
    expect(() => loadConfig({ EMAIL_BACKEND: 'smtp' })).toThrow(/EMAIL_BACKEND=smtp needs EMAIL_HOST/);
    expect(() => loadConfig({ EMAIL_HOST: 'smtp.test', EMAIL_USE_SSL: 'True' })).toThrow(/exclude each other/);
    expect(() => loadConfig({ EMAIL_PORT: '70000' })).toThrow(/EMAIL_PORT must be 1..65535/);
  });

  it('chooses SMTP when EMAIL_HOST is set, and none on request', () => {
    expect(loadConfig({ EMAIL_HOST: 'smtp.test', EMAIL_USE_SSL: 'True', EMAIL_USE_TLS: 'False' })).toMatchObject({
      emailBackend: 'smtp',
      emailPort: 587,
      emailUseSsl: true,
      emailUseTls: false,
    });
    expect(mailerFromConfig(loadConfig({ EMAIL_BACKEND: 'none' })).kind).toBe('none');
  });

  it("derives the no-reply address from the external host, as Zulip's NOREPLY_EMAIL_ADDRESS", () => {
    expect(noreplyAddress({ noreplyEmailAddress: '', externalHost: 'chat.example.test:9991' })).toBe('noreply@chat.example.test');
    expect(noreplyAddress({ noreplyEmailAddress: 'bot@example.test', externalHost: 'x' })).toBe('bot@example.test');
  });
});

/**
 * Password reset and two-factor in the distributed topology, a smoke test (the full suites run
 * embedded: password-reset.e2e.test.ts, two-factor.e2e.test.ts): the reset mail is sent by the
 * settings service's BullMQ worker and its link works once; an enrolled user's login needs a
 * code, accepted once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserFrom, enrol, login, mailTo, newUser, resetLinkIn, tokenOf, totp, web } from './account-security.harness';
import { startDistributedCluster, type DistributedCluster } from './distributed.harness';

jest.setTimeout(120_000);

const MAIL_DIR = mkdtempSync(join(tmpdir(), 'account-security-mail-'));

describe('password reset and two-factor (distributed smoke)', () => {
  let cluster: DistributedCluster;
  beforeAll(async () => {
    cluster = await startDistributedCluster({ configOverrides: { emailBackend: 'folder', emailFolder: MAIL_DIR } });
  });
  afterAll(() => cluster.stop());

  it('mails a reset link that sets the password once', async () => {
    const target = cluster.gatewayUrl;
    const email = await newUser(target, 'reset', 'old password');
    expect((await web(target, 'post', '/accounts/password/reset').type('form').send({ email })).body).toEqual({
      result: 'success',
      msg: '',
    });
    const token = tokenOf(resetLinkIn(await mailTo(MAIL_DIR, email)));
    const confirm = () =>
      web(target, 'post', '/accounts/password/reset/confirm').type('form').send({ token, new_password: 'new password' });
    expect((await confirm()).body).toEqual({ result: 'success', msg: '' });
    expect((await confirm()).body.result).toBe('error');
    expect((await login(target, email, 'new password')).status).toBe(200);
  });

  it('asks an enrolled user for a code, and takes each code once', async () => {
    const target = cluster.gatewayUrl;
    const email = await newUser(target, 'totp', 'my password');
    const { secret } = await enrol(target, browserFrom((await login(target, email, 'my password')).headers['set-cookie']));
    expect((await login(target, email, 'my password')).body.code).toBe('TWO_FACTOR_REQUIRED');
    const code = totp(secret);
    expect((await login(target, email, 'my password', code)).status).toBe(200);
    expect((await login(target, email, 'my password', code)).body.code).toBe('INVALID_TWO_FACTOR_CODE');
  });
});

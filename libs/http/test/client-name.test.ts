/** clientName: Zulip's get_client_name. */
import request from 'supertest';
import { clientName, defineEndpoint, type Method } from '@chat/http';
import { API, aUser, buildApp, signedAs } from './helpers';

const named = (method: Method) =>
  defineEndpoint({ method, path: '/client', auth: 'public', params: {}, handler: ({ req }) => ({ client: clientName(req) }) });

const app = buildApp([named('GET'), named('POST')]);

async function clientOf(test: request.Test): Promise<string> {
  const res = await test;
  expect(res.status).toBe(200);
  return res.body.client as string;
}

describe('clientName', () => {
  it('takes the client query parameter', async () => {
    expect(await clientOf(request(app).get(`${API}/client`).query({ client: 'website' }).set('User-Agent', 'Mozilla/5.0'))).toBe('website');
  });

  it('takes the client query parameter over the form one, as Django reads GET before POST', async () => {
    const test = request(app).post(`${API}/client`).query({ client: 'ZulipElectron' }).type('form').send('client=form');
    expect(await clientOf(test)).toBe('ZulipElectron');
    expect(await clientOf(request(app).post(`${API}/client`).type('form').send('client=ZulipElectron'))).toBe('ZulipElectron');
  });

  it('takes the last of a repeated client parameter', async () => {
    expect(await clientOf(request(app).get(`${API}/client?client=first&client=ZulipTerminal`))).toBe('ZulipTerminal');
  });

  it('takes a multipart client field', async () => {
    expect(await clientOf(request(app).post(`${API}/client`).field('client', 'ZulipPython'))).toBe('ZulipPython');
  });

  it.each([
    ['ZulipMobile/26.22.145 (Android 10)', 'ZulipMobile'],
    ['ZulipInvalid/1.0', 'ZulipInvalid'],
    ['Mozilla/5.0 (X11; Linux x86_64)', 'Mozilla'],
    ['Zulip Desktop/5.0', 'Zulip Desktop'],
    ['ZulipPython/0.8.2 (Debian GNU/Linux; 12)', 'ZulipPython'],
    ['ZulipTerminal/0.7.0 Linux-6.1 (Debian GNU/Linux; 12)', 'ZulipTerminal'],
    ['ZulipFlutter/30.0.261+261 (Android 14)', 'ZulipFlutter'],
    ['python-requests 2.31', 'python-requests'],
    ['curl', 'curl'],
  ])('falls back to the User-Agent %j', async (agent, name) => {
    expect(await clientOf(request(app).get(`${API}/client`).set('User-Agent', agent))).toBe(name);
  });

  it('ignores an empty client parameter', async () => {
    expect(await clientOf(request(app).get(`${API}/client`).query({ client: '' }).set('User-Agent', 'ZulipMobile/1'))).toBe('ZulipMobile');
  });

  it('is "Unspecified" with neither', async () => {
    expect(await clientOf(request(app).get(`${API}/client`).set('User-Agent', ''))).toBe('Unspecified');
  });

  it('is "Unspecified" when the User-Agent has no name before its /', async () => {
    expect(await clientOf(request(app).get(`${API}/client`).set('User-Agent', '/1.0'))).toBe('Unspecified');
  });

  describe('for a browser session (the web client under /json)', () => {
    const session = signedAs(aUser({ sessionId: 12 }));

    it.each([['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'], ['Opera/9.80 (X11; Linux x86_64)'], ['']])(
      'is "website" whatever the browser (%j)',
      async (agent) => {
        expect(await clientOf(request(app).post(`${API}/client`).set(session).set('User-Agent', agent))).toBe('website');
      },
    );

    it("keeps the name of Zulip's own apps, and a client parameter still wins", async () => {
      const electron = 'ZulipElectron/5.11.1 Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Electron/31.0';
      expect(await clientOf(request(app).post(`${API}/client`).set(session).set('User-Agent', electron))).toBe('ZulipElectron');
      const named = request(app)
        .post(`${API}/client`)
        .set(session)
        .set('User-Agent', 'Mozilla/5.0')
        .type('form')
        .send('client=website-beta');
      expect(await clientOf(named)).toBe('website-beta');
    });

    it('an API-key request of the same browser is not the web client', async () => {
      const apiKey = signedAs(aUser());
      expect(await clientOf(request(app).post(`${API}/client`).set(apiKey).set('User-Agent', 'Mozilla/5.0 (X11)'))).toBe('Mozilla');
    });
  });
});

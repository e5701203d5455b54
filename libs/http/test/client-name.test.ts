/** clientName: Zulip's get_client_name. */
import request from 'supertest';
import { clientName, defineEndpoint, type Method } from '@chat/http';
import { API, buildApp } from './helpers';

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
    expect(await clientOf(request(app).get(`${API}/client`).query({ client: 'website' }).set('User-Agent', 'Mozilla/5.0'))).toBe(
      'website',
    );
  });

  it('takes the client form parameter over the query string', async () => {
    const test = request(app).post(`${API}/client`).query({ client: 'query' }).type('form').send('client=ZulipElectron');
    expect(await clientOf(test)).toBe('ZulipElectron');
  });

  it('takes a multipart client field', async () => {
    expect(await clientOf(request(app).post(`${API}/client`).field('client', 'ZulipPython'))).toBe('ZulipPython');
  });

  it.each([
    ['ZulipMobile/26.22.145 (Android 10)', 'ZulipMobile'],
    ['ZulipInvalid/1.0', 'ZulipInvalid'],
    ['Mozilla/5.0 (X11; Linux x86_64)', 'Mozilla'],
    ['Zulip Desktop/5.0', 'Zulip Desktop'],
    ['curl', 'curl'],
  ])('falls back to the User-Agent %j', async (agent, name) => {
    expect(await clientOf(request(app).get(`${API}/client`).set('User-Agent', agent))).toBe(name);
  });

  it('ignores an empty client parameter', async () => {
    expect(await clientOf(request(app).get(`${API}/client`).query({ client: '' }).set('User-Agent', 'ZulipMobile/1'))).toBe(
      'ZulipMobile',
    );
  });

  it('is "Unspecified" with neither', async () => {
    expect(await clientOf(request(app).get(`${API}/client`).set('User-Agent', ''))).toBe('Unspecified');
  });

  it('is "Unspecified" when the User-Agent has no name before its /', async () => {
    expect(await clientOf(request(app).get(`${API}/client`).set('User-Agent', '/1.0'))).toBe('Unspecified');
  });
});

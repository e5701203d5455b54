// The test run's OpenID Provider (oidc-provider, a certified implementation), run as a child
// process because the package is ESM-only and jest runs CommonJS. Its development interactions
// serve the login form (any login name is an account id) and the consent form. Accounts are
// registered by the suites over HTTP (POST /test-accounts {sub, email, email_verified, name});
// an account id not registered gets no claims beyond its subject.
// argv: the client's redirect URI (its path, on any port of 127.0.0.1). Prints {"issuer": ...} once listening.
import { createServer } from 'node:http';
import process from 'node:process';
import { URL } from 'node:url';
import Provider from 'oidc-provider';

const [redirectUri] = process.argv.slice(2);
const accounts = new Map();

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'chat-test',
      client_secret: 'chat-test-secret-0123456789',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  pkce: { required: () => true },
  cookies: { keys: ['test-cookie-key-0123456789'] },
  findAccount: (_ctx, id) => ({
    accountId: id,
    claims: () => ({ sub: id, ...(accounts.get(id) ?? {}) }),
  }),
});
provider.proxy = false;
// Suites run servers on ports of their own: any loopback host's callback path is this client's.
provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(value) {
  const url = new URL(value);
  return url.hostname === '127.0.0.1' && url.pathname === new URL(redirectUri).pathname;
};

const callback = provider.callback();
server.on('request', (req, res) => {
  if (req.method === 'POST' && req.url === '/test-accounts') {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { sub, ...claims } = JSON.parse(body);
      accounts.set(sub, claims);
      res.writeHead(204).end();
    });
    return;
  }
  callback(req, res);
});
process.stdout.write(`${JSON.stringify({ issuer })}\n`);

import { ConfigError, loadConfig } from '../src';

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  return '';
}

const GOOD = { AUTH_OIDC_ISSUER: 'https://id.example.com/realms/chat', AUTH_OIDC_CLIENT_ID: 'chat', AUTH_OIDC_CLIENT_SECRET: 'hush-hush' };

describe('AUTH_OIDC_*', () => {
  it('has no OpenID Connect backend unless the issuer is set, and reads it with its defaults', () => {
    expect(loadConfig({}).oidc).toBeNull();
    expect(loadConfig(GOOD).oidc).toEqual({
      issuer: 'https://id.example.com/realms/chat',
      clientId: 'chat',
      clientSecret: 'hush-hush',
      displayName: 'OpenID Connect',
      iconUrl: '',
    });
  });

  it('refuses bad settings one line each, never echoing the secret', () => {
    const cases: [Record<string, string>, string][] = [
      [
        { AUTH_OIDC_CLIENT_SECRET: 'hush-hush' },
        'AUTH_OIDC_CLIENT_SECRET given without AUTH_OIDC_ISSUER: set it to sign in with OpenID Connect',
      ],
      [{ ...GOOD, AUTH_OIDC_ISSUER: 'id.example.com' }, 'AUTH_OIDC_ISSUER must be http://... or https://..., not "id.example.com"'],
      [{ ...GOOD, AUTH_OIDC_CLIENT_ID: '' }, 'AUTH_OIDC_CLIENT_ID must be set with AUTH_OIDC_ISSUER'],
      [{ ...GOOD, AUTH_OIDC_CLIENT_SECRET: '' }, 'AUTH_OIDC_CLIENT_SECRET must be set with AUTH_OIDC_ISSUER'],
      [{ ...GOOD, AUTH_OIDC_ICON_URL: 'icon.png' }, 'AUTH_OIDC_ICON_URL must be http://... or https://..., not "icon.png"'],
      [{ ...GOOD, AUTH_OIDC_DISPLAY_NAME: 'x'.repeat(61) }, 'AUTH_OIDC_DISPLAY_NAME must be at most 60 characters'],
    ];
    for (const [env, line] of cases) {
      const message = problems(env);
      expect({ env, lines: message.split('\n').slice(1) }).toEqual({ env, lines: [`  - ${line}`] });
      expect(message).not.toContain('hush-hush');
    }
  });

  it('wants an https issuer in production', () => {
    const env = {
      ...GOOD,
      AUTH_OIDC_ISSUER: 'http://id.example.com',
      CHAT_ENV: 'production',
      INTERNAL_SECRET: 'x'.repeat(32),
      API_KEY_SECRET: 'y'.repeat(32),
    };
    expect(problems(env)).toContain('AUTH_OIDC_ISSUER must be https://... in production');
  });
});

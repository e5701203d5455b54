/**
 * Drives an OpenID Connect login over HTTP as a browser would, without one: the server's start
 * URL, then the run's provider (its login and consent forms submitted), back to the server's
 * callback. Redirects are followed by hand, each side with its own cookies.
 */
import request from 'supertest';

type Target = Parameters<typeof request>[0];

/** The server's callback path (what the provider redirects back to). */
const CALLBACK_PATH = '/complete/oidc/';

export interface OidcLoginResult {
  /** The server's answer to the callback (or to the start URL, when it refused there). */
  status: number;
  location: string | undefined;
  /** Its Set-Cookie values as `name=value` pairs. */
  cookies: string[];
  body: Record<string, unknown>;
  /** The answer's text (an HTML page's). */
  text: string | undefined;
}

class CookieJar {
  private readonly values = new Map<string, string>();
  take(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.values.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The action of the page's form and its hidden prompt. */
function formOf(html: string, base: string): { action: string; prompt: string } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !prompt) throw new Error(`no interaction form at the provider: ${html.slice(0, 200)}`);
  return { action: new URL(action.replace(/&amp;/g, '&'), base).href, prompt };
}

/** At the provider from `url` until it redirects to the server's callback; answers that redirect. */
async function throughProvider(url: string, login: string): Promise<string> {
  const jar = new CookieJar();
  let next: { url: string; init?: RequestInit } = { url };
  for (let step = 0; step < 20; step++) {
    const res = await fetch(next.url, { ...next.init, redirect: 'manual', headers: { ...next.init?.headers, cookie: jar.header() } });
    jar.take(res.headers);
    const location = res.headers.get('location');
    if (location) {
      const absolute = new URL(location, next.url).href;
      if (new URL(absolute).pathname === CALLBACK_PATH) return absolute;
      next = { url: absolute };
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
    const form = formOf(html, next.url);
    const fields: Record<string, string> = form.prompt === 'login' ? { prompt: 'login', login, password: 'any' } : { prompt: form.prompt };
    next = {
      url: form.action,
      init: { method: 'POST', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    };
  }
  throw new Error('the provider never redirected back');
}

function resultOf(res: request.Response): OidcLoginResult {
  const setCookie = res.headers['set-cookie'] as unknown as string[] | undefined;
  return {
    status: res.status,
    location: res.headers.location as string | undefined,
    cookies: (setCookie ?? []).map((line) => line.split(';')[0]!),
    body: (res.body ?? {}) as Record<string, unknown>,
    text: res.text,
  };
}

/**
 * Starts at `startPath` (with its query) on `target`, logs in at the provider as the account
 * `login`, and answers the server's answer to the callback. `tamper` may change the callback's
 * query first (a forged state); `replay` sends the callback twice and answers the second; `host`
 * starts at another realm's host (the callback stays on the bare one).
 */
export async function oidcLogin(
  target: Target,
  startPath: string,
  login: string,
  options: { tamper?: (query: URLSearchParams) => void; replay?: boolean; host?: string } = {},
): Promise<OidcLoginResult & { first?: OidcLoginResult }> {
  const begin = request(target).get(startPath);
  const start = await (options.host ? begin.set('Host', options.host) : begin);
  if (start.status !== 302) return resultOf(start);
  const back = await throughProvider(start.headers.location as string, login);
  const url = new URL(back);
  options.tamper?.(url.searchParams);
  const path = `${url.pathname}?${url.searchParams.toString()}`;
  const first = resultOf(await request(target).get(path));
  if (!options.replay) return first;
  return { ...resultOf(await request(target).get(path)), first };
}

/** The user a browser's cookies (from a login's answer) are logged in as: GET /json/users/me. */
export async function sessionUser(target: Target, cookies: string[], host?: string): Promise<Record<string, unknown>> {
  const csrf = cookies.find((c) => c.startsWith('csrftoken='))?.split('=')[1] ?? '';
  const req = request(target).get('/json/users/me').set('Cookie', cookies.join('; ')).set('X-CSRFToken', csrf);
  return (await (host ? req.set('Host', host) : req)).body as Record<string, unknown>;
}

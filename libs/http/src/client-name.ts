import type { Request } from 'express';

/**
 * Zulip's parse_user_agent: the name is what comes before the version (`ZulipMobile/27.1 (...)`
 * names ZulipMobile, `Zulip Desktop/5.0` names "Zulip Desktop").
 */
const USER_AGENT = /^(?<name>[^/ ]*[^0-9/(]*)(\/[^/ ]*)?([ /].*)?$/s;

function userAgentName(agent: string): string {
  return USER_AGENT.exec(agent)?.groups?.name?.trim() ?? '';
}

/** The request came with the web client's session (under /json), not with an API key. */
function fromBrowserSession(req: Request): boolean {
  return req.identity?.kind === 'user' && req.identity.sessionId !== undefined;
}

function clientParameter(req: Request): string | undefined {
  for (const given of [req.query.client, (req.body as Record<string, unknown> | undefined)?.client]) {
    // A repeated parameter counts once, the last one, as Django's QueryDict does.
    const value: unknown = Array.isArray(given) ? given[given.length - 1] : given;
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/**
 * Zulip's get_client_name, which names the sending client (a message's `client`, and whether its
 * sender has read it): the `client` parameter (query string first, as Django's GET before POST),
 * else the User-Agent's name. A browser session is `website` whatever browser it is, unless its
 * User-Agent names one of Zulip's own apps (the desktop app's Electron window); without a
 * User-Agent it is `website` too, and an API request is "Unspecified".
 */
export function clientName(req: Request): string {
  const fromParam = clientParameter(req);
  if (fromParam !== undefined) return fromParam;
  const browser = fromBrowserSession(req);
  const agent = req.header('user-agent');
  const name = agent ? userAgentName(agent) : '';
  if (browser && !name.startsWith('Zulip')) return 'website';
  return name === '' ? 'Unspecified' : name;
}

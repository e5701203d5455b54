import type { Request } from 'express';

/**
 * Zulip's get_client_name: the `client` parameter, else the User-Agent up to its first `/`,
 * else "Unspecified".
 */
export function clientName(req: Request): string {
  const fromParam = (req.body as Record<string, unknown> | undefined)?.client ?? req.query.client;
  if (typeof fromParam === 'string' && fromParam !== '') return fromParam;
  const agent = req.header('user-agent');
  if (agent) {
    const name = agent.split('/')[0]?.trim();
    if (name) return name;
  }
  return 'Unspecified';
}

/**
 * What a script needs to act as a user or a bot: the zuliprc file Zulip's tools read, and the
 * URL an incoming-webhook integration posts to.
 */
export interface ZuliprcFields {
  email: string;
  apiKey: string;
  /** The server's address, e.g. `https://chat.example.com` (no trailing slash). */
  site: string;
}

/** The `[api]` section of a zuliprc, as Zulip's "Download zuliprc" writes it. */
export function zuliprcText({ email, apiKey, site }: ZuliprcFields): string {
  return `[api]\nemail=${email}\nkey=${apiKey}\nsite=${site.replace(/\/+$/, '')}\n`;
}

/** The file's name: `zuliprc` for one's own, `<bot's e-mail local part>-zuliprc` for a bot's. */
export function zuliprcFileName(email: string, isBot: boolean): string {
  if (!isBot) return 'zuliprc';
  const local = email.split('@')[0] ?? '';
  return `${local.replace(/[^\w.-]/g, '_')}-zuliprc`;
}

/** An integration's URL for a bot: the server's address, the path GET /integrations gives, the key. */
export function webhookUrl(site: string, apiKey: string, path: string): string {
  return `${site.replace(/\/+$/, '')}${path}?api_key=${encodeURIComponent(apiKey)}`;
}

/**
 * The reference page's example requests, made from the declarations: each parameter's example,
 * encoded by its rule (JSON-encoded lists, `true`/`false`, plain text), in a curl command and,
 * where Zulip's Python bindings have a method for the endpoint (the declaration's `python`), in
 * that call, which encodes the same values itself (a dict of Python values).
 */
import { API_PREFIX, WEB_PREFIX, type AnyContract, type AnyParamSpec } from '@chat/contracts';

/** What Redoc shows in its request panel (the `x-codeSamples` extension). */
export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** Where the examples point: any server; the reader substitutes their own. */
const EXAMPLE_SITE = 'https://chat.example.com';

/** The parameter's example: its own, else its default, else `true` for a flag. */
export function exampleOf(spec: AnyParamSpec): unknown {
  if (spec.example !== undefined) return spec.example;
  if (spec.defaultValue !== undefined) return spec.defaultValue;
  return spec.encoding === 'boolean' ? true : undefined;
}

/** Whether the example request sends it: required ones, and optional ones with an example of their own. */
function isSampled(spec: AnyParamSpec): boolean {
  return spec.sample ?? (spec.required || (spec.defaultValue === undefined && spec.example !== undefined));
}

/** The value as it goes on the wire: text as it is, everything else as JSON. */
function wireText(spec: AnyParamSpec, value: unknown): string {
  if (spec.encoding === 'json') return JSON.stringify(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function sampled(route: AnyContract): [string, AnyParamSpec, unknown][] {
  return Object.entries(route.params)
    .filter(([, spec]) => isSampled(spec) && exampleOf(spec) !== undefined)
    .map(([name, spec]) => [name, spec, exampleOf(spec)]);
}

/** `/messages/:message_id` with the examples -> `/messages/42`. */
function examplePath(route: AnyContract): { path: string; used: Set<string> } {
  const used = new Set<string>();
  const path = route.path.replace(/([:*])([A-Za-z0-9_]+)/g, (_whole, kind: string, name: string) => {
    const spec = route.params[name];
    const value = spec ? exampleOf(spec) : route.pathSegments?.[name]?.example;
    if (value === undefined) return `{${name}}`;
    used.add(name);
    // A wildcard keeps its slashes.
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return kind === '*' ? text.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(text);
  });
  return { path, used };
}

function shellQuote(text: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

function authArgs(route: AnyContract): string[] {
  // Browser routes check CSRF before login too (the csrftoken cookie the page set), so first.
  if (route.webOnly) return ['-b cookies.txt', '-H "X-CSRFToken: $CSRF_TOKEN"'];
  if (route.auth === 'public') return [];
  if (route.auth === 'webhook' && route.webhookAuth !== 'basic') return [];
  return ['-u "$EMAIL:$API_KEY"'];
}

function curlSample(route: AnyContract): string {
  const { path, used } = examplePath(route);
  const params = sampled(route).filter(([name]) => !used.has(name));
  const fields = params.map(([name, spec, value]) => `${name}=${wireText(spec, value)}`);
  const prefix = route.webOnly ? WEB_PREFIX : API_PREFIX;
  let url = `${EXAMPLE_SITE}${prefix}${path}`;
  const args: string[] = [];
  if (route.rawBody) {
    // Parameters go in the query; the body is the integration's payload or the file.
    const query = [
      ...(route.auth === 'webhook' && route.webhookAuth !== 'basic' ? ['api_key=$API_KEY'] : []),
      ...fields.map(encodeQueryField),
    ];
    if (query.length > 0) url += `?${query.join('&')}`;
    args.push(...authArgs(route));
    // An integration posts its own payload; a user's upload (a file, an emoji image) is multipart.
    if (route.auth === 'webhook') args.push(`-H 'Content-Type: application/json'`, '--data-binary @payload.json');
    else args.push(`-F ${shellQuote('filename=@castle.png')}`);
    return [`curl -sS -X POST ${route.auth === 'webhook' ? `"${url}"` : shellQuote(url)}`, ...args].join(' \\\n    ');
  }
  const method = route.method === 'GET' ? (fields.length > 0 ? '-G ' : '') : `-X ${route.method} `;
  args.push(...authArgs(route), ...fields.map((field) => `--data-urlencode ${shellQuote(field)}`));
  return [`curl -sS ${method}${shellQuote(url)}`, ...args].join(' \\\n    ');
}

function encodeQueryField(field: string): string {
  const at = field.indexOf('=');
  return `${field.slice(0, at)}=${encodeURIComponent(field.slice(at + 1))}`;
}

/** A JSON value as a Python literal (JSON's string escapes are Python's too). */
function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonLiteral(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** `send_message(request)` -> `client.send_message({"type": "stream", ...})`. */
function pythonSample(route: AnyContract, call: string): string {
  const match = /^([a-z_]+)\((.*)\)$/.exec(call);
  if (!match) throw new Error(`${route.name}: python '${call}' is not name(arguments)`);
  const [, method, list] = match;
  const names = list!
    .split(',')
    .map((arg) => arg.trim())
    .filter((arg) => arg !== '');
  const named = new Set(names);
  const rest = sampled(route).filter(([name]) => !named.has(name));
  const args = names.map((arg) => {
    if (arg === 'request') return pythonLiteral(Object.fromEntries(rest.map(([name, , value]) => [name, value])));
    if (arg === '**request') return rest.map(([name, , value]) => `${name}=${pythonLiteral(value)}`).join(', ');
    const spec = route.params[arg];
    if (!spec) throw new Error(`${route.name}: python names ${arg}, which it does not declare`);
    return pythonLiteral(exampleOf(spec));
  });
  return [
    'import zulip',
    '',
    '# The e-mail, API key and site come from ~/.zuliprc.',
    'client = zulip.Client()',
    `result = client.${method}(${args.filter((a) => a !== '').join(', ')})`,
    'print(result)',
  ].join('\n');
}

export function codeSamples(route: AnyContract): CodeSample[] {
  const samples: CodeSample[] = [{ lang: 'Shell', label: 'curl', source: curlSample(route) }];
  if (route.python) samples.push({ lang: 'Python', label: 'Python', source: pythonSample(route, route.python) });
  return samples;
}

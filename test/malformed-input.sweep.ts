/**
 * The deterministic half of the malformed-input test: every parameter of every route gets each
 * value that breaks a database or a renderer (NUL, integers at and past 2^31 and 2^63, lists past
 * PostgreSQL's 65,535 bind parameters, prototype property names, pathological markdown), while the
 * route's other parameters carry plausible values, so the request gets as far as a real client's
 * would before the value under test is used. Random requests reach such a combination rarely.
 */
import type { FuzzParam, FuzzRoute, ParamKind } from './malformed-input.catalogue';
import type { Field, FuzzRequest, IdPools } from './malformed-input.requests';
import { describeRequest } from './malformed-input.requests';
import { percentEncode } from './malformed-input.values';

/** Past PostgreSQL's 65,535 bind parameters per statement. */
const LONG_LIST_LENGTH = 70_000;
const longList = (first: number) => `[${Array.from({ length: LONG_LIST_LENGTH }, (_v, i) => first + i).join(',')}]`;

/**
 * Markdown whose cost grew with the square of its length in the renderer the probe found, at a
 * size a client may send (content is cut at 10,000 bytes): `http://` repeated, quote markers.
 */
const PATHOLOGICAL_MARKDOWN = ['http://'.repeat(1_600), '>\n'.repeat(5_000), '> > '.repeat(2_500), `#${'a'.repeat(40)}`];

export type SweepClass = 'nul' | 'int-range' | 'long-list' | 'prototype-name' | 'markdown';

interface Adversary {
  cls: SweepClass;
  value: string;
}

const NAMES_OF_PROTOTYPE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const INT_EDGES = ['2147483647', '2147483648', '-2147483649', '9223372036854775807', '9223372036854775808', '-9223372036854775809'];
/** Parameters that are message or description text, rendered as markdown. */
const MARKDOWN_PARAMS = new Set(['content', 'description', 'new_description']);

function adversaries(param: FuzzParam): Adversary[] {
  const out: Adversary[] = [];
  const add = (cls: SweepClass, values: string[]) => values.forEach((value) => out.push({ cls, value }));
  switch (param.kind) {
    case 'string':
      add('nul', ['a\u0000b', '\u0000']);
      add('prototype-name', NAMES_OF_PROTOTYPE);
      if (MARKDOWN_PARAMS.has(param.name)) add('markdown', PATHOLOGICAL_MARKDOWN);
      break;
    case 'integer':
      add('int-range', INT_EDGES);
      break;
    case 'json':
      add('nul', [
        '["a\\u0000b"]',
        '{"a\\u0000":1}',
        '[{"operator":"search","operand":"a\\u0000b"}]',
        '[{"operator":"topic","operand":"\\u0000"}]',
      ]);
      add('int-range', [
        '[2147483648]',
        '[-2147483649]',
        '[9223372036854775808]',
        '[{"operator":"id","operand":2147483648}]',
        '2147483648',
      ]);
      add('long-list', [longList(1), `[{"operator":"pm-with","operand":${longList(1)}}]`]);
      add('prototype-name', [
        '"__proto__"',
        '["__proto__"]',
        '{"__proto__":{"x":1}}',
        '[{"stream_id":1,"property":"constructor","value":true}]',
      ]);
      break;
    case 'boolean':
      break;
  }
  return out;
}

/** What a well-behaved client would send for a parameter of this name (ids from the seeded database). */
function plausible(param: FuzzParam, pools: IdPools): string | undefined {
  const first = (pool: string) => pools[pool]?.[0] ?? '1';
  const byName: Record<string, string> = {
    type: 'stream',
    to: 'Denmark',
    topic: 'sweep',
    subject: 'sweep',
    content: 'hello',
    stream: 'Denmark',
    stream_name: 'Denmark',
    topic_name: 'sweep',
    stream_id: first('stream_id'),
    message_id: first('message_id'),
    messages: `[${first('own_message_id')}]`,
    msg_ids: `[${first('own_message_id')}]`,
    anchor: first('message_id'),
    num_before: '0',
    num_after: '5',
    narrow: '[]',
    op: 'add',
    flag: 'starred',
    name: 'sweep',
    description: 'sweep',
    members: `[${first('user_id')}]`,
    user_ids: `[${first('user_id')}]`,
    principals: '["hamlet@zulip.com"]',
    subscriptions: '[{"name":"Denmark"}]',
    emoji_name: 'smile',
    status: 'active',
    pointer: first('message_id'),
    queue_id: 'sweep',
    last_event_id: '-1',
    event_types: '["message"]',
    username: 'hamlet@zulip.com',
    password: 'x',
    full_name: 'Sweep',
    short_name: 'sweep',
    alert_words: '["sweep"]',
  };
  if (Object.hasOwn(byName, param.name)) return byName[param.name];
  if (!param.required) return undefined;
  const byKind: Record<ParamKind, string> = { string: 'sweep', integer: '1', boolean: 'false', json: '[]' };
  return byKind[param.kind];
}

export interface SweepRequest extends FuzzRequest {
  cls: SweepClass;
}

/** Every (route, parameter, adversarial value), as the administrator, in a form body (GETs read one too). */
export function sweepRequests(routes: FuzzRoute[], pools: IdPools): SweepRequest[] {
  const requests: SweepRequest[] = [];
  for (const target of routes) {
    const pathParams: FuzzParam[] = target.pathParams.map((name) => ({
      name,
      kind: /_id$/.test(name) ? 'integer' : 'string',
      required: true,
    }));
    const everyParam = [...pathParams.map((p) => ({ ...p, inPath: true })), ...target.params.map((p) => ({ ...p, inPath: false }))];
    for (const param of everyParam) {
      for (const adversary of adversaries(param)) {
        // A webhook's parameters travel in the URL: a list of 70,000 ids cannot.
        if (target.rawBody && adversary.cls === 'long-list') continue;
        const valueOf = (p: FuzzParam) => (p.name === param.name ? adversary.value : plausible(p, pools));
        const segments = pathParams.map((p) => Buffer.from(p.name === param.name ? adversary.value : (pools[p.name]?.[0] ?? '1')));
        const fields: Field[] = target.params.flatMap((p) => {
          const value = valueOf(p);
          return value === undefined ? [] : [[p.name, Buffer.from(value)] as Field];
        });
        let i = 0;
        const path = target.route.path.replace(/[:*][A-Za-z0-9_]+/g, () => percentEncode(segments[i++]!));
        const req: SweepRequest = {
          target,
          path,
          query: target.rawBody ? fields : [],
          body: target.rawBody ? [] : fields,
          framing: target.rawBody ? 'json' : 'form',
          caller: 'admin',
          payload: target.rawBody ? Buffer.from('{}') : null,
          traits: [`sweep:${adversary.cls}`, `param:${param.name}`],
          cls: adversary.cls,
        };
        requests.push(req);
      }
    }
  }
  return requests;
}

export { describeRequest };

/**
 * One generated request for one route: path segments, query and body fields as raw bytes, how the
 * body is framed (or mis-framed) and who is calling. Each declared parameter may be missing,
 * wrongly typed, huge, broken JSON, odd unicode, or sent twice.
 */
import fc from 'fast-check';
import type { FuzzRoute } from './malformed-input.catalogue';
import { pathValue, percentEncode, strayName, valueFor, type ValueClass } from './malformed-input.values';

export type Caller = 'member' | 'admin' | 'none' | 'wrong-key' | 'garbage-header';

/**
 * form and multipart are what Zulip's clients send; the others are wrong content types, a body
 * over the 1 MB form limit, a multipart body with no boundary, an unsupported charset and a body
 * that claims gzip but is not.
 */
export type BodyFraming = 'form' | 'multipart' | 'json' | 'text' | 'none' | 'oversized' | 'no-boundary' | 'latin1' | 'false-gzip';

export type Field = [name: string, value: Buffer];

export interface FuzzRequest {
  target: FuzzRoute;
  /** The path under /api/v1 (from the root for a `root` route) with its segments percent-encoded byte by byte. */
  path: string;
  query: Field[];
  body: Field[];
  framing: BodyFraming;
  caller: Caller;
  /** An incoming webhook's payload (raw-body routes), sent as the body whatever the framing. */
  payload: Buffer | null;
  /** What made it malformed, for the counts. */
  traits: string[];
}

/** Valid ids or names per path parameter (from the seeded database); the rest are invented. */
export type IdPools = Record<string, readonly string[]>;

interface ParamDraw {
  omit: boolean;
  first: { value: Buffer; cls: ValueClass };
  second: { value: Buffer; cls: ValueClass } | null;
  inQuery: boolean;
}

const framing = fc.oneof(
  { weight: 12, arbitrary: fc.constant<BodyFraming>('form') },
  { weight: 4, arbitrary: fc.constant<BodyFraming>('multipart') },
  ...(['json', 'text', 'none', 'no-boundary', 'latin1', 'false-gzip'] as const).map((f) => ({
    weight: 1,
    arbitrary: fc.constant<BodyFraming>(f),
  })),
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 3 }).map((n): BodyFraming => (n === 0 ? 'oversized' : 'form')) },
);

const caller = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom<Caller>('member', 'admin') },
  { weight: 1, arbitrary: fc.constantFrom<Caller>('none', 'wrong-key', 'garbage-header') },
);

function paramDraw(kind: FuzzRoute['params'][number]['kind']): fc.Arbitrary<ParamDraw> {
  return fc.record({
    omit: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    first: valueFor(kind),
    second: fc.option(valueFor(kind), { freq: 6 }),
    inQuery: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  });
}

function fillPath(path: string, segments: Buffer[]): string {
  let i = 0;
  return path.replace(/[:*][A-Za-z0-9_]+/g, () => percentEncode(segments[i++]!));
}

export function requestFor(target: FuzzRoute, pools: IdPools): fc.Arbitrary<FuzzRequest> {
  const onlyQuery = target.route.method === 'GET' || target.rawBody;
  return fc
    .record({
      segments: fc.tuple(...target.pathParams.map((name) => pathValue(pools[name] ?? []))),
      draws: fc.tuple(...target.params.map((p) => paramDraw(p.kind))),
      stray: fc.array(fc.tuple(strayName, valueFor('string')), { maxLength: 2 }),
      // A GET's body and a webhook's payload get the same framings: servers must ignore or refuse them.
      framing,
      caller,
      payload: target.rawBody ? valueFor('json').map((v) => v.value) : fc.constant(null),
    })
    .map(({ segments, draws, stray, framing: frame, caller: who, payload }) => {
      const query: Field[] = [];
      const body: Field[] = [];
      const traits = new Set<string>();
      target.params.forEach((param, i) => {
        const draw = draws[i]!;
        if (draw.omit) {
          traits.add(param.required ? 'missing-required' : 'missing-optional');
          return;
        }
        traits.add(draw.first.cls);
        (onlyQuery || draw.inQuery ? query : body).push([param.name, draw.first.value]);
        if (draw.second) {
          traits.add(draw.second.cls);
          traits.add('duplicate');
          // The copy goes to the other half when it can: the same key in query and body.
          (onlyQuery || !draw.inQuery ? query : body).push([param.name, draw.second.value]);
        }
      });
      for (const [name, value] of stray) {
        traits.add('stray-param');
        (onlyQuery ? query : body).push([name, value.value]);
      }
      traits.add(`body:${frame}`);
      traits.add(`caller:${who}`);
      const req: FuzzRequest = {
        target,
        path: fillPath(target.route.path, segments),
        query,
        body,
        framing: frame,
        caller: who,
        payload,
        traits: [...traits],
      };
      // fast-check prints a failing request this way instead of every byte of every Buffer.
      return Object.assign(req, { [fc.toStringMethod]: () => describeRequest(req) });
    });
}

/** One line per request, values cut short: for failure reports. */
/** Where the request's path starts: /api/v1, or the root for the files messages link. */
export function publicPrefix(req: Pick<FuzzRequest, 'target'>): string {
  return req.target.route.root ? '' : '/api/v1';
}

export function describeRequest(req: FuzzRequest): string {
  const show = (fields: Field[]) =>
    fields.map(([k, v]) => `${JSON.stringify(k.slice(0, 40))}=${JSON.stringify(v.toString('utf8').slice(0, 120))}`).join(' ');
  const payload = req.payload ? ` payload ${JSON.stringify(req.payload.toString('utf8').slice(0, 120))} (${req.payload.length} bytes)` : '';
  return `${req.target.key} as ${req.caller}: ${req.target.route.method} ${publicPrefix(req)}${req.path.slice(0, 200)} query[${show(req.query)}] body(${req.framing})[${show(req.body)}]${payload}`;
}

/**
 * The endpoints the malformed-input property test aims at: every row of the gateway's route table,
 * with the parameters its service declares (read from the generated OpenAPI document, so a new
 * endpoint or parameter is fuzzed without touching the test).
 */
import { ROUTES, type Route } from '@chat/gateway-service';
import { openApiPath } from '@chat/http';
import { gatewayApiDocument } from '@chat/gateway-service';

/** How a parameter's raw text is read: the four conversions of libs/contracts/src/params.ts. */
export type ParamKind = 'integer' | 'boolean' | 'string' | 'json';

export interface FuzzParam {
  name: string;
  kind: ParamKind;
  required: boolean;
}

export interface FuzzRoute {
  route: Route;
  /** `GET /messages/:message_id`, the key counts are kept under. */
  key: string;
  pathParams: string[];
  /** Non-path parameters; GETs and raw-body endpoints read them from the query only. */
  params: FuzzParam[];
  /** The body is the endpoint's payload (incoming webhooks), not form fields. */
  rawBody: boolean;
}

type Schema = { type?: unknown };
type OpenApiParam = { name: string; in: string; required?: boolean; schema?: Schema; content?: unknown };
type FormMedia = { schema?: { properties?: Record<string, Schema>; required?: string[] }; encoding?: Record<string, unknown> };

function kindOf(schema: Schema | undefined, jsonEncoded: boolean): ParamKind {
  if (jsonEncoded) return 'json';
  // A value of several plain types (GET /messages' anchor: an id or a word) is swept as its integer.
  const type = Array.isArray(schema?.type) && schema.type.includes('integer') ? 'integer' : schema?.type;
  return type === 'integer' || type === 'boolean' || type === 'string' ? type : 'json';
}

/** The route's path parameters; the upload wildcard `*path` is one too. */
const pathParamsOf = (route: Route) => [...route.path.matchAll(/[:*]([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

export function fuzzRoutes(): FuzzRoute[] {
  const doc = gatewayApiDocument();
  return ROUTES.map((route) => {
    // The files served from the root take no parameters but their path's, and are not in the document.
    if (route.root)
      return { route, key: `${route.method} root ${route.path}`, pathParams: pathParamsOf(route), params: [], rawBody: false };
    const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
    if (!op) throw new Error(`${route.method} ${route.path}: not in the OpenAPI document`);
    const declared = op.parameters as OpenApiParam[];
    const params: FuzzParam[] = declared
      .filter((p) => p.in === 'query')
      .map((p) => ({ name: p.name, kind: kindOf(p.schema, p.content !== undefined), required: p.required === true }));
    const content = op.requestBody?.content as Record<string, FormMedia> | undefined;
    const form = content?.['application/x-www-form-urlencoded'];
    for (const [name, schema] of Object.entries(form?.schema?.properties ?? {})) {
      const required = form?.schema?.required?.includes(name) ?? false;
      params.push({ name, kind: kindOf(schema, form?.encoding?.[name] !== undefined), required });
    }
    return {
      route,
      key: `${route.method} ${route.path}`,
      pathParams: pathParamsOf(route),
      params,
      rawBody: content?.['*/*'] !== undefined,
    };
  });
}

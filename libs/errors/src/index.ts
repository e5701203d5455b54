/**
 * The one error class of the API. Handlers and domain code throw it; the error middleware in
 * libs/http renders it as Zulip's envelope: {result:"error", msg, [code], ...extra}.
 *
 * `code` is optional on purpose: many Zulip 2.1 errors come from `json_error` and have no code
 * ("Invalid API key", "Missing 'anchor' ...", "Topic already muted"), and clients and Zulip's
 * fixtures compare whole bodies.
 */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'REQUEST_VARIABLE_MISSING'
  | 'REQUEST_VARIABLE_INVALID'
  | 'INVALID_JSON'
  | 'BAD_IMAGE'
  | 'REALM_UPLOAD_QUOTA'
  | 'BAD_NARROW'
  | 'CANNOT_DEACTIVATE_LAST_USER'
  | 'MISSING_HTTP_EVENT_HEADER'
  | 'STREAM_DOES_NOT_EXIST'
  | 'UNAUTHORIZED_PRINCIPAL'
  | 'UNEXPECTED_WEBHOOK_EVENT_TYPE'
  | 'UNSUPPORTED_WEBHOOK_EVENT_TYPE'
  | 'ANOMALOUS_WEBHOOK_PAYLOAD'
  | 'BAD_EVENT_QUEUE_ID'
  | 'CSRF_FAILED'
  | 'INVITATION_FAILED'
  | 'INVALID_ZULIP_SERVER'
  | 'INVALID_MARKDOWN_INCLUDE_STATEMENT'
  | 'REQUEST_CONFUSING_VAR'
  | 'INVALID_API_KEY'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED'
  // Not Zulip's: Idempotency-Key on POST /messages (docs/operations.md).
  | 'IDEMPOTENCY_KEY_IN_USE'
  | 'IDEMPOTENCY_KEY_REUSED'
  // Not Zulip's: two-factor at the web login, and POST /fetch_api_key refused for it (docs/security.md).
  | 'TWO_FACTOR_REQUIRED'
  | 'INVALID_TWO_FACTOR_CODE'
  | 'TWO_FACTOR_ENABLED';

export interface ApiErrorOptions {
  code?: ErrorCode;
  status?: number;
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly code?: ErrorCode;
  readonly status: number;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(msg: string, options: ApiErrorOptions = {}) {
    super(msg);
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status ?? 400;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  /** The response body, in Zulip's key order: result, msg, code, extra fields. */
  body(): Record<string, unknown> {
    const body: Record<string, unknown> = { result: 'error', msg: this.message };
    if (this.code) body.code = this.code;
    return { ...body, ...this.extra };
  }
}

/** Zulip's `JsonableError(msg)`: code BAD_REQUEST, status 400. */
export function badRequest(msg: string): ApiError {
  return new ApiError(msg, { code: 'BAD_REQUEST' });
}

/** Zulip's `json_error(msg)`: status 400 and no code. */
export function plainError(msg: string, status = 400): ApiError {
  return new ApiError(msg, { status });
}

export function missingArgument(varName: string): ApiError {
  return new ApiError(`Missing '${varName}' argument`, {
    code: 'REQUEST_VARIABLE_MISSING',
    extra: { var_name: varName },
  });
}

/** `Bad value for 'x': <raw>`, as Zulip's RequestVariableConversionError. */
export function invalidArgument(varName: string, badValue: unknown): ApiError {
  const shown = typeof badValue === 'string' ? badValue : JSON.stringify(badValue);
  return new ApiError(`Bad value for '${varName}': ${shown}`, {
    code: 'REQUEST_VARIABLE_INVALID',
    extra: { var_name: varName, bad_value: badValue },
  });
}

/** A NUL character in a parameter: PostgreSQL text cannot hold one. */
export function nulCharacters(varName: string): ApiError {
  return new ApiError(`'${varName}' cannot contain NULL (0x00) characters.`, {
    code: 'REQUEST_VARIABLE_INVALID',
    extra: { var_name: varName },
  });
}

export function confusingArguments(name1: string, name2: string): ApiError {
  return new ApiError(`Can't decide between '${name1}' and '${name2}' arguments`, {
    code: 'REQUEST_CONFUSING_VAR',
    extra: { var_name1: name1, var_name2: name2 },
  });
}

export function malformedJson(): ApiError {
  return new ApiError('Malformed JSON', { code: 'INVALID_JSON' });
}

export function streamDoesNotExist(name: string): ApiError {
  return new ApiError(`Stream '${escapeHtml(name)}' does not exist`, {
    code: 'STREAM_DOES_NOT_EXIST',
    extra: { stream: name },
  });
}

export function badEventQueueId(queueId: string): ApiError {
  return new ApiError(`Bad event queue id: ${queueId}`, {
    code: 'BAD_EVENT_QUEUE_ID',
    extra: { queue_id: queueId },
  });
}

/** 401 as Zulip's `json_unauthorized`: no code, with the Basic challenge. */
export function unauthorized(msg: string): ApiError {
  return new ApiError(msg, { status: 401, headers: { 'WWW-Authenticate': 'Basic realm="zulip"' } });
}

/**
 * A 401 for a browser session (Zulip's json_unauthorized with www_authenticate="session"): a
 * scheme no browser answers with its own login dialog, as it would a Basic challenge.
 */
export function sessionUnauthorized(msg: string): ApiError {
  return new ApiError(msg, { status: 401, headers: { 'WWW-Authenticate': 'Session realm="zulip"' } });
}

export function notFound(msg = 'Not Found'): ApiError {
  return new ApiError(msg, { status: 404 });
}

/** Django's escape(), which Zulip applies to stream names inside error messages. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Reading a Slack payload field by field, the way Zulip validates it: each value knows its path
 * (`payload["attachments"][0]["title"]`), so a field of the wrong type is answered with the
 * message Zulip gives, in Slack's error envelope.
 */
import { ApiError, type ErrorCode } from '@chat/errors';
import { isObject, type Json, type JsonObject } from '../../framework/payload';
import { truthy } from '../../framework/python';

/**
 * An error as Slack's clients read it (`ok: false`, `error`), keeping our envelope's `msg` so
 * Zulip clients and tools read it too.
 */
export function slackError(message: string, code: ErrorCode = 'BAD_REQUEST'): ApiError {
  return new ApiError(message, { code, extra: { ok: false, error: message } });
}

export class Field {
  constructor(
    readonly value: Json | undefined,
    readonly path: string,
  ) {}

  /** Python's truthiness: null, false, 0, "", [] and {} are false; so is a missing key. */
  get truthy(): boolean {
    return truthy(this.value);
  }

  has(key: string): boolean {
    return isObject(this.value) && Object.hasOwn(this.value, key);
  }

  /** `field["key"]`: a missing key is an error, as it is for Zulip. */
  get(key: string): Field {
    const path = `${this.path}["${key}"]`;
    const object = this.object();
    if (!Object.hasOwn(object, key)) throw slackError(`${path} is missing`);
    return new Field(object[key], path);
  }

  /** `field.get("key")`: a missing key reads as null. */
  opt(key: string): Field {
    return new Field(isObject(this.value) ? this.value[key] : undefined, `${this.path}["${key}"]`);
  }

  object(): JsonObject {
    if (!isObject(this.value)) throw slackError(`${this.path} is not a dict`);
    return this.value;
  }

  items(): Field[] {
    if (!Array.isArray(this.value)) throw slackError(`${this.path} is not a list`);
    return this.value.map((item, i) => new Field(item, `${this.path}[${i}]`));
  }

  string(): string {
    if (typeof this.value !== 'string') throw slackError(`${this.path} is not a string`);
    return this.value;
  }

  oneOf(allowed: readonly string[]): string {
    const value = this.string();
    if (!allowed.includes(value)) throw slackError(`Invalid ${this.path}`);
    return value;
  }

  int(): number {
    if (typeof this.value !== 'number' || !Number.isInteger(this.value)) throw slackError(`${this.path} is not an integer`);
    return this.value;
  }

  /** An absolute http(s) or ftp(s) URL, as Django's URLValidator accepts. */
  url(): string {
    const value = this.string();
    if (!/^(https?|ftps?):\/\/[^\s/?#]+[^\s]*$/i.test(value)) throw slackError(`${this.path} is not a URL`);
    return value;
  }

  /** A text object: `{type: "plain_text" | "mrkdwn", text}`; headers and titles take plain text only. */
  text(plainOnly = false): string {
    const object = this.object();
    for (const key of ['type', 'text']) {
      if (!Object.hasOwn(object, key)) throw slackError(`${key} key is missing from ${this.path}`);
    }
    this.get('type').oneOf(plainOnly ? ['plain_text'] : ['plain_text', 'mrkdwn']);
    return this.get('text').string();
  }
}

/**
 * The fields of GitHub's payloads these events read. Zulip requires each one it reads (a missing
 * one is the caller's error, not a message with a hole), so these do too.
 */
import { dig, requireString, type Json, type JsonObject } from '../../../framework/payload';

export function senderName(payload: JsonObject): string {
  return requireString(payload, 'sender.login');
}

export function senderUrl(payload: JsonObject): string {
  return requireString(payload, 'sender.html_url');
}

export function repoName(payload: JsonObject): string {
  return requireString(payload, 'repository.name');
}

/** `owner/name`. */
export function repoFullName(payload: JsonObject): string {
  return requireString(payload, 'repository.full_name');
}

export function repoUrl(payload: JsonObject): string {
  return requireString(payload, 'repository.html_url');
}

/** Whether a field holds something, as Python's truth test reads it (null, "", 0 and {} do not). */
export function present(payload: Json | undefined, path: string): boolean {
  const value = dig(payload, path);
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return typeof value !== 'object' || Object.keys(value).length > 0;
}

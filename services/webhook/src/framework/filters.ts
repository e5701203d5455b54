/**
 * The URL options every integration understands, and those the git integrations share (Zulip's
 * check_send_webhook_message and is_branch_name_notifiable).
 */
import { ApiError } from '@chat/errors';

/** Shell-style wildcards (`*`, `?`, `[...]`), matched against the whole name as fnmatch does. */
function wildcard(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*') source += '.*';
    else if (ch === '?') source += '.';
    else if (ch === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end === -1) source += '\\[';
      else {
        const inside = pattern.slice(i + 1, end);
        const negated = inside.startsWith('!');
        const set = (negated ? inside.slice(1) : inside).replace(/[\\\]^]/g, (c) => `\\${c}`);
        source += `[${negated ? '^' : ''}${set}]`;
        i = end;
      }
    } else source += ch.replace(/[.*+?^${}()|[\]\\/]/g, (c) => `\\${c}`);
  }
  return new RegExp(`^${source}$`, 's');
}

function patternList(query: Record<string, string>, name: string): RegExp[] | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ApiError(`${name} is not valid JSON`, { code: 'BAD_REQUEST' });
  }
  // Zulip's parameter validation messages (typed_endpoint).
  if (!Array.isArray(value)) throw new ApiError(`${name} is not a list`, { code: 'BAD_REQUEST' });
  const notString = value.findIndex((v) => typeof v !== 'string');
  if (notString >= 0) throw new ApiError(`${name}[${notString}] is not a string`, { code: 'BAD_REQUEST' });
  return (value as string[]).map(wildcard);
}

/**
 * Whether a message of this event type is sent: `only_events` keeps the types matching one of
 * its patterns, `exclude_events` drops those matching any (JSON lists of wildcards).
 */
export function eventFilter(query: Record<string, string>): (eventType: string) => boolean {
  const only = patternList(query, 'only_events');
  const exclude = patternList(query, 'exclude_events');
  return (eventType) => (!only || only.some((p) => p.test(eventType))) && !(exclude && exclude.some((p) => p.test(eventType)));
}

/** `branches=main,dev`: whether pushes to this branch are told; all are without the option. */
export function branchIsNotifiable(branch: string, branches: string | undefined): boolean {
  return branches === undefined || branches.split(',').some((name) => name.trim() === branch);
}

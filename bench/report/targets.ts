/** The performance targets, row by row, as the report judges them (docs/performance.md lists them). */

export type Rule =
  /** The measured value must not exceed `value`. */
  | { kind: 'at-most'; value: number }
  /** The measured value must reach `value`. */
  | { kind: 'at-least'; value: number }
  /** The measured value must reach `share` of the floor's. */
  | { kind: 'share-of-floor'; share: number }
  /** The measured value must not exceed `times` the floor's (a cost). */
  | { kind: 'times-floor'; times: number };

export interface TargetRow {
  row: string;
  figure: string;
  /** The scenario that measures it, and the command that runs it. */
  command: string;
  distributed: Rule;
  embedded: Rule;
}

export const TARGETS: TargetRow[] = [
  {
    row: 'sustained',
    figure: 'sustained sends to a stream with 10 subscribers, each with a queue being long-polled (messages/s)',
    command: 'npm run bench:send',
    distributed: { kind: 'share-of-floor', share: 0.4 },
    embedded: { kind: 'at-least', value: 300 },
  },
  {
    row: 'cost',
    figure: 'CPU ms per delivered send at 100 sends/s, all server-side processes (the embedded server against the floor on PGlite)',
    command: 'npm run bench:cost',
    distributed: { kind: 'times-floor', times: 3 },
    embedded: { kind: 'times-floor', times: 2 },
  },
  {
    row: 'send-p99',
    figure: 'send latency p99 at half that rate (ms)',
    command: 'npm run bench:send',
    distributed: { kind: 'at-most', value: 25 },
    embedded: { kind: 'at-most', value: 50 },
  },
  {
    row: 'delivery-p99',
    figure: 'send-to-long-poll delivery p99 at half that rate (ms)',
    command: 'npm run bench:send',
    distributed: { kind: 'at-most', value: 50 },
    embedded: { kind: 'at-most', value: 50 },
  },
  {
    row: 'fan-out',
    figure: 'fan-out: one message to a stream of 10,000 subscribers with parked long-polls, last delivery (ms)',
    command: 'npm run bench:polls',
    distributed: { kind: 'at-most', value: 1000 },
    embedded: { kind: 'at-most', value: 1000 },
  },
  {
    row: 'parked-polls',
    figure: 'parked long-polls held by one event-queue process: 10,000 at 4 KB each or less (KB per poll)',
    command: 'npm run bench:polls',
    distributed: { kind: 'at-most', value: 4 },
    embedded: { kind: 'at-most', value: 4 },
  },
  {
    row: 'fetch-p50',
    figure: 'GET /messages, 100 messages by stream+topic over 1 million messages, p50 (ms)',
    command: 'npm run bench:fetch',
    distributed: { kind: 'at-most', value: 10 },
    embedded: { kind: 'at-most', value: 30 },
  },
  {
    row: 'register-p50',
    figure: '/register p50, realm of 10,000 users (ms)',
    command: 'npm run bench:scaling',
    distributed: { kind: 'at-most', value: 100 },
    embedded: { kind: 'at-most', value: 100 },
  },
];

export function describeRule(rule: Rule, floor: number | null): string {
  if (rule.kind === 'at-most') return `≤ ${rule.value}`;
  if (rule.kind === 'at-least') return `≥ ${rule.value}`;
  if (rule.kind === 'times-floor')
    return `≤ ${rule.times} × floor${floor !== null ? ` (${Math.round(floor * rule.times * 100) / 100})` : ''}`;
  return `≥ ${rule.share * 100}% of floor${floor !== null ? ` (${Math.round(floor * rule.share * 10) / 10})` : ''}`;
}

/** null: not measured (or the floor a share needs is missing). */
export function judge(rule: Rule, value: number | null, floor: number | null): boolean | null {
  if (value === null || !Number.isFinite(value)) return null;
  if (rule.kind === 'at-most') return value <= rule.value;
  if (rule.kind === 'at-least') return value >= rule.value;
  if (rule.kind === 'times-floor') return floor === null || !(floor > 0) ? null : value <= rule.times * floor;
  return floor === null || !(floor > 0) ? null : value >= rule.share * floor;
}

/** The counts the property test prints: requests, answers by status, routes and traits covered. */
import type { FuzzRoute } from './malformed-input.catalogue';
import { isTransportRefusal } from './malformed-input.envelope';
import type { FuzzRequest } from './malformed-input.requests';
import type { Answer } from './malformed-input.sender';

const increment = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const sorted = (map: Map<string, number>) =>
  [...map]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

export class Tally {
  sent = 0;
  private readonly byClass = new Map<string, number>();
  private readonly byStatus = new Map<string, number>();
  private readonly byTrait = new Map<string, number>();
  private readonly byRoute = new Map<string, number>();
  /** Routes that answered something other than 401/404 at least once: the request got in. */
  private readonly reached = new Set<string>();
  private readonly notes = new Map<string, number>();

  constructor(private readonly routes: FuzzRoute[]) {}

  count(req: FuzzRequest, answer: Answer): void {
    this.sent++;
    increment(this.byClass, isTransportRefusal(answer) ? 'node-431' : `${Math.floor(answer.status / 100)}xx`);
    increment(this.byStatus, String(answer.status));
    increment(this.byRoute, req.target.key);
    req.traits.forEach((trait) => increment(this.byTrait, trait));
    if (answer.status !== 401 && answer.status !== 404) this.reached.add(req.target.key);
  }

  note(text: string): void {
    increment(this.notes, text);
  }

  /** Routes that got no request at all. */
  uncovered(): string[] {
    return this.routes.map((r) => r.key).filter((key) => !this.byRoute.has(key));
  }

  /** `deepChecks`: rejected requests after which a transaction had committed, so every table was compared. */
  report(deepChecks: number): string {
    const perRoute = [...this.byRoute.values()];
    const notReached = this.routes.map((r) => r.key).filter((key) => !this.reached.has(key));
    return [
      `malformed-input: ${this.sent} requests sent`,
      `  by status class: ${sorted(this.byClass)}`,
      `  by status: ${sorted(this.byStatus)}`,
      `  endpoints covered: ${this.byRoute.size}/${this.routes.length} (requests per endpoint ${Math.min(...perRoute)}..${Math.max(...perRoute)})`,
      `  endpoints that never answered past 401/404: ${notReached.length === 0 ? 'none' : notReached.join(', ')}`,
      `  traits: ${sorted(this.byTrait)}`,
      `  rejected requests after which a transaction had committed (every table checked): ${deepChecks}`,
      `  notes: ${this.notes.size === 0 ? 'none' : sorted(this.notes)}`,
    ].join('\n');
  }
}

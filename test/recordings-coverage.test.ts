/**
 * The recorded conversation calls every route a client may call, but those NOT_RECORDED names
 * with their reasons: a new route needs a step (and `npm run record`) or a reason there. Read from
 * the committed recordings, so it needs no server; test/recordings.e2e.test.ts checks that a run
 * still matches them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchContract, type Method } from '@chat/contracts';
import { ROUTES } from '@chat/gateway-service';
import { routesFor } from './recordings/replay';
import { NOT_RECORDED } from './recordings/scenario';

/** The names of the routes a recording's steps called (a step is `actor METHOD path [(root)]`). */
function calledRoutes(topology: string): Set<string> {
  const steps = JSON.parse(readFileSync(join(__dirname, 'recordings', `${topology}.json`), 'utf8')) as { step: string }[];
  const called = new Set<string>();
  for (const { step } of steps) {
    const [, method, path, root] = step.split(' ');
    const served = matchContract(routesFor(root === '(root)'), method as Method, path!);
    if (!served) throw new Error(`${step}: no declared route serves it`);
    called.add(served.contract.name);
  }
  return called;
}

describe.each(['embedded', 'distributed'])('the %s recording', (topology) => {
  const called = calledRoutes(topology);

  it('calls every route but those NOT_RECORDED says it skips', () => {
    const missing = ROUTES.filter((route) => !called.has(route.name) && !(route.name in NOT_RECORDED));
    expect(missing.map((route) => `${route.method} ${route.path} (${route.name})`)).toEqual([]);
  });

  it('skips only routes that exist and that it does not call', () => {
    const declared = new Set(ROUTES.map((route) => route.name));
    expect(Object.keys(NOT_RECORDED).filter((name) => called.has(name) || !declared.has(name))).toEqual([]);
  });
});

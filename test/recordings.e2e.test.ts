/**
 * The recorded conversation (test/recordings/): every endpoint called in a fixed order, in each
 * topology, gives the answers and events recorded before, once times, keys and random paths are
 * normalised. A change that should not change behaviour (a refactoring of the contracts, the
 * layers, a library) keeps this passing; one that should, records again with `npm run record`
 * and shows the difference in the recordings' diff.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalize } from './recordings/normalize';
import { replay } from './recordings/replay';
import { describeBothTopologies } from './topologies';

describeBothTopologies('recorded answers and events', (env) => {
  it('every step answers and notifies as recorded', async () => {
    const { name, target, db } = env();
    const recorded = JSON.parse(readFileSync(join(__dirname, 'recordings', `${name}.json`), 'utf8')) as unknown[];
    const now = normalize(await replay(target, db)) as unknown[];
    // Step by step, so a failure names the first step that differs.
    for (let i = 0; i < Math.max(recorded.length, now.length); i++) expect(now[i]).toEqual(recorded[i]);
  }, 120_000);
});

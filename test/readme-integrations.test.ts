/**
 * The README's table of integrations lists exactly the declared ones (libs/contracts' webhook
 * declarations), each with its display name, so the newcomer's list cannot drift from the code.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { webhookEndpoints } from '@chat/contracts';

const README = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
const section = README.slice(README.indexOf('## Integrations'), README.indexOf('\n## ', README.indexOf('## Integrations') + 1));

it('lists every declared integration with its display name, and no other', () => {
  const rows = [...section.matchAll(/^\| `([a-z0-9_]+)` \| ([^|]+) \|/gm)].map((m) => [m[1], m[2]!.trim()]);
  expect(rows).toEqual(Object.values(webhookEndpoints).map((e) => [e.name, e.displayName]));
});

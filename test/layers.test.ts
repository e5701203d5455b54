/**
 * Every service, the gateway and the embedded server keep the layers test/layers.table.ts gives
 * them, read from their source: each file in exactly one layer, each relative import in a
 * direction its layer allows, no SQL in the layers that run none, no import cycle, and main.ts
 * composing the package through compose.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { PACKAGES, type Layer, type PackageLayers } from './layers.table';

const ROOT = resolve(__dirname, '..');

/** A package's sources: each file (relative to src/, '/'-separated) and its text. */
type Sources = Map<string, string>;

/** What running SQL looks like in a source file: knex, a query builder started or narrowed, raw SQL. */
const SQL_SIGNS: [string, RegExp][] = [
  ['imports knex', /from\s+['"]knex['"]/],
  ['calls .where(', /\.where\w*\(/],
  ['calls .raw(', /\.raw\(/],
  ['calls db(', /\bdb\s*(<[^>]*>)?\(/],
  ['calls trx(', /\btrx\s*(<[^>]*>)?\(/],
];

/** Touching the knex handle, which a layer that is 'not even the handle' leaves to its queries. */
const HANDLE_SIGN: [string, RegExp] = ['uses the knex handle', /\.knex\b/];

function sqlSigns(text: string, rule: NonNullable<Layer['noSql']>): string[] {
  const signs = rule === 'not even the handle' ? [...SQL_SIGNS, HANDLE_SIGN] : SQL_SIGNS;
  return signs.filter(([, pattern]) => pattern.test(text)).map(([sign]) => sign);
}

function readSources(src: string, dir = src): Sources {
  const files = readdirSync(dir, { withFileTypes: true }).flatMap((entry): [string, string][] => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return [...readSources(src, path)];
    return entry.name.endsWith('.ts') ? [[relative(src, path).split('\\').join('/'), readFileSync(path, 'utf8')]] : [];
  });
  return new Map(files);
}

/** The source files a file imports (or re-exports) by a relative path, as keys of `sources`. */
function relativeImports(file: string, sources: Sources): string[] {
  const specifiers = [...sources.get(file)!.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.[^'"]*)['"]/g)].map((m) => m[1]!);
  return specifiers.flatMap((specifier) => {
    const base = normalize(join(dirname(file), specifier))
      .split('\\')
      .join('/');
    const found = [`${base}.ts`, `${base}/index.ts`].find((candidate) => sources.has(candidate));
    return found ? [found] : [];
  });
}

/** The layers whose files include `file`. */
function layersOf(pkg: PackageLayers, file: string): string[] {
  return Object.entries(pkg.layers)
    .filter(([, layer]) => layer.files.some((name) => (name.endsWith('/') ? file.startsWith(name) : file === name)))
    .map(([name]) => name);
}

/** Everything in `sources` that breaks the package's row of the table, one line each. */
function violations(pkg: PackageLayers, sources: Sources): string[] {
  const found: string[] = [];
  for (const file of sources.keys()) {
    const layers = layersOf(pkg, file);
    if (layers.length !== 1) found.push(`${file} is in ${layers.length} layers (${layers.join(', ')}): it must be in one`);
    const layer = pkg.layers[layers[0] ?? ''];
    if (!layer || layers.length !== 1) continue;
    for (const target of relativeImports(file, sources)) {
      const to = layersOf(pkg, target)[0];
      if (to && to !== layers[0] && layer.mayImport !== '*' && !layer.mayImport.includes(to)) {
        found.push(`${file} (${layers[0]}) imports ${target} (${to})`);
      }
    }
    if (layer.noSql) found.push(...sqlSigns(sources.get(file)!, layer.noSql).map((sign) => `${file} (${layers[0]}) runs SQL: ${sign}`));
  }
  for (const [name, layer] of Object.entries(pkg.layers)) {
    const missing = layer.files.filter((f) => !f.endsWith('/') && !sources.has(f));
    found.push(...missing.map((f) => `${name} names ${f}, which is not there`));
    const unknown = layer.mayImport === '*' ? [] : layer.mayImport.filter((to) => !(to in pkg.layers));
    found.push(...unknown.map((to) => `${name} may import ${to}, which is no layer of the package`));
  }
  if (pkg.composed && sources.has('main.ts') && !relativeImports('main.ts', sources).includes('compose.ts')) {
    found.push('main.ts does not compose the package through compose.ts');
  }
  return found;
}

/** One import cycle among the files, as the files around it, or null. */
function findCycle(sources: Sources): string[] | null {
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string): string[] | null => {
    const at = onPath.indexOf(file);
    if (at >= 0) return [...onPath.slice(at), file];
    if (done.has(file)) return null;
    onPath.push(file);
    for (const next of relativeImports(file, sources)) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    onPath.pop();
    done.add(file);
    return null;
  };
  for (const file of sources.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe('the layers check', () => {
  const pkg = PACKAGES.find((p) => p.dir === 'services/event-queue')!;
  const fine: [string, string][] = [
    ['app.ts', "import { eventEndpoints } from './routes/events';"],
    ['compose.ts', "import { buildApp } from './app';"],
    ['main.ts', "import { composeEventQueueService } from './compose';"],
    ['index.ts', "export * from './app';"],
    ['deps.ts', "import type { LocalPolls } from './lib/polls';"],
    ['direct-auth.ts', "import type { EventQueueDeps } from './deps';"],
    ['lib/polls.ts', 'export class LocalPolls {}'],
    ['routes/events.ts', "import { answerPoll } from '../actions/answer-poll';"],
    ['actions/answer-poll.ts', "import { pollEvents } from './get-events';\nimport type { EventQueueDeps } from '../deps';"],
    ['actions/get-events.ts', ''],
  ];
  const withFile = (file: string, text: string): Sources => new Map([...fine, [file, text]]);

  it('passes a package that keeps its layers', () => {
    expect(violations(pkg, new Map(fine))).toEqual([]);
    expect(findCycle(new Map(fine))).toBeNull();
  });

  it('finds an import against the direction, SQL in a route, a stray file, an entry that does not compose', () => {
    expect(violations(pkg, withFile('queries/state.ts', "import { answerPoll } from '../actions/answer-poll';"))).toEqual([
      'queries/state.ts (queries) imports actions/answer-poll.ts (actions)',
    ]);
    expect(violations(pkg, withFile('routes/x.ts', "import type { EventQueueDeps } from '../app';"))).toEqual([
      'routes/x.ts (routes) imports app.ts (composition)',
    ]);
    expect(violations(pkg, withFile('routes/x.ts', "const rows = await deps.db.knex('users').where({ id });"))).toEqual([
      'routes/x.ts (routes) runs SQL: calls .where(',
      'routes/x.ts (routes) runs SQL: uses the knex handle',
    ]);
    expect(violations(pkg, withFile('routes/x.ts', 'await trx<UserRow>("users").first();'))).toEqual([
      'routes/x.ts (routes) runs SQL: calls trx(',
    ]);
    // The message service's routes hand the knex handle to its queries; SQL of their own is still found.
    const message = PACKAGES.find((p) => p.dir === 'services/message')!;
    const aboutRoute = (text: string) => violations(message, new Map([['routes/x.ts', text]])).filter((line) => line.startsWith('routes/'));
    expect(aboutRoute('await loadSender(deps.db.knex, realmId, userId);')).toEqual([]);
    expect(aboutRoute("await deps.db.knex.raw('SELECT 1');")).toEqual(['routes/x.ts (routes) runs SQL: calls .raw(']);
  });

  it('finds a table that names a layer the package does not have', () => {
    const typo = { ...pkg, layers: { ...pkg.layers, lib: { files: ['lib/'], mayImport: ['querys'] } } };
    expect(violations(typo, new Map(fine))).toEqual(['lib may import querys, which is no layer of the package']);
  });

  it('finds an import cycle', () => {
    expect(findCycle(withFile('actions/get-events.ts', "import { answerPoll } from './answer-poll';"))).toEqual([
      'actions/answer-poll.ts',
      'actions/get-events.ts',
      'actions/answer-poll.ts',
    ]);
  });
});

it('has a row for every service, the gateway and the embedded server', () => {
  // A service is a package (a folder with its package.json), not any folder a tool left there.
  const services = readdirSync(join(ROOT, 'services'), { withFileTypes: true }).filter(
    (entry) => entry.isDirectory() && existsSync(join(ROOT, 'services', entry.name, 'package.json')),
  );
  expect(PACKAGES.map((pkg) => pkg.dir).sort()).toEqual(services.map((entry) => `services/${entry.name}`).sort());
});

describe.each(PACKAGES)('the layers of $dir', (pkg) => {
  const src = join(ROOT, pkg.dir, 'src');
  const sources = readSources(src);

  it('is read whole', () => {
    expect(existsSync(src)).toBe(true);
    expect(sources.size).toBeGreaterThan(1);
  });

  it('keeps every file in one layer and every import in an allowed direction', () => {
    expect(violations(pkg, sources)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(findCycle(sources)).toBeNull();
  });
});

/**
 * The layers the folders of the subscription, webhook and event-queue services promise
 * (docs/architecture.md, "Layout of a service"), read from their source: routes run no SQL, only
 * the composition imports app.ts (the dependency types are in deps.ts), domain/ and store/ are
 * gone, and no module reaches itself again through its relative imports.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SERVICES_DIR = resolve(__dirname, '../..');

interface Layout {
  service: string;
  /** Files (relative to src/) that may import app.ts: the composition. */
  mayImportApp: string[];
}

const COMPOSITION = ['app.ts', 'compose.ts', 'main.ts', 'index.ts'];

const LAYOUTS: Layout[] = [
  { service: 'subscription', mayImportApp: COMPOSITION },
  { service: 'webhook', mayImportApp: COMPOSITION },
  {
    service: 'event-queue',
    // replica.ts builds the app, as main.ts does. plain-events.ts still takes EventQueueDeps
    // through app.ts (which re-exports it from deps.ts): the plain poll path is being reworked
    // apart from this move, and drops this exception when it imports ./deps.
    mayImportApp: [...COMPOSITION, 'replica.ts', 'plain-events.ts'],
  },
];

/** What in a route's source means it runs SQL itself: knex, a query builder call, raw SQL. */
const SQL_IN_ROUTES: RegExp[] = [/from 'knex'/, /\.where\w*\(/, /\b(db|trx)\(/, /\.raw\(/];

/** Every .ts file under `dir`, as absolute paths. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The files a module imports by a relative path (`import`, `export ... from`, `import()`), resolved. */
function relativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'(\.[^']*)'/g)].map((match) => match[1]!);
  return specifiers.flatMap((specifier) => {
    const base = resolve(dirname(file), specifier);
    const found = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
    return found ? [found] : [];
  });
}

/** One import cycle among these files, as the files around it, or null when there is none. */
function findCycle(files: string[]): string[] | null {
  const graph = new Map(files.map((file) => [file, relativeImports(file)]));
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string): string[] | null => {
    const at = onPath.indexOf(file);
    if (at >= 0) return [...onPath.slice(at), file];
    if (done.has(file)) return null;
    onPath.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    onPath.pop();
    done.add(file);
    return null;
  };
  for (const file of files) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe.each(LAYOUTS)('the layers of services/$service', ({ service, mayImportApp }) => {
  const src = join(SERVICES_DIR, service, 'src');
  const files = sourceFiles(src);
  const named = (file: string) => relative(src, file);

  it('has no domain/ or store/ folder', () => {
    expect(['domain', 'store'].filter((folder) => existsSync(join(src, folder)))).toEqual([]);
  });

  it('has deps.ts, where its dependency types are declared', () => {
    expect(existsSync(join(src, 'deps.ts'))).toBe(true);
  });

  it('runs no SQL in routes/', () => {
    const routes = files.filter((file) => named(file).startsWith('routes/'));
    const offending = routes.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return SQL_IN_ROUTES.filter((pattern) => pattern.test(source)).map((pattern) => `${named(file)}: ${pattern}`);
    });
    expect(offending).toEqual([]);
  });

  it('imports app.ts only from its composition', () => {
    const app = join(src, 'app.ts');
    const importers = files.filter((file) => relativeImports(file).includes(app)).map(named);
    expect(importers.filter((file) => !mayImportApp.includes(file))).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(findCycle(files)?.map(named) ?? null).toBeNull();
  });
});

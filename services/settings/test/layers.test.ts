/**
 * The settings service keeps the layers its folders promise (README.md): routes run no SQL, no
 * file but the entry points imports the app (its dependency types are in deps.ts), no import
 * cycle, and the old domain/ and store/ folders stay gone.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = join(__dirname, '..', 'src');

/** Every .ts file under a folder, as paths relative to src/. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

const read = (file: string) => readFileSync(join(SRC, file), 'utf8');

/** What a route must not do: use knex, or call a query builder or an executor. */
const SQL_IN_ROUTES: [string, RegExp][] = [
  ['imports knex', /from ['"]knex['"]/],
  ['uses the knex handle', /\.knex\b/],
  ['calls .where(', /\.where\w*\(/],
  ['calls .raw(', /\.raw\(/],
  ['calls db(', /\bdb\s*(<[^>]*>)?\(/],
  ['calls trx(', /\btrx\s*(<[^>]*>)?\(/],
];

function sqlIn(text: string): string[] {
  return SQL_IN_ROUTES.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
}

/** The relative modules a file imports (or re-exports), as written. */
function relativeImports(text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*['"](\.{1,2}\/[^'"]*)['"]/g)].map((m) => m[1]!);
}

const importsApp = (text: string) => relativeImports(text).some((spec) => /^(\.\.?\/)+app$/.test(spec));

/** The src/ file a relative import names, if it is one. */
function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(SRC, dirname(from), spec);
  return [`${base}.ts`, join(base, 'index.ts')].map((path) => relative(SRC, path)).find((file) => existsSync(join(SRC, file)));
}

/** One import cycle among the files, or none. */
function findCycle(files: string[]): string[] | undefined {
  const edges = new Map(files.map((file) => [file, relativeImports(read(file)).flatMap((spec) => resolveImport(file, spec) ?? [])]));
  const done = new Set<string>();
  const visit = (file: string, path: string[]): string[] | undefined => {
    if (path.includes(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return undefined;
    for (const next of edges.get(file) ?? []) {
      const cycle = visit(next, [...path, file]);
      if (cycle) return cycle;
    }
    done.add(file);
    return undefined;
  };
  for (const file of files) {
    const cycle = visit(file, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('the settings service layers', () => {
  const files = sourceFiles();

  it('the checks can fail', () => {
    expect(sqlIn("const rows = await ctx.db.knex('users').where({ id });")).toEqual(['uses the knex handle', 'calls .where(']);
    expect(sqlIn('await trx<UserRow>("users").first()')).toEqual(['calls trx(']);
    expect(importsApp("import type { SettingsContext } from '../app';")).toBe(true);
    expect(importsApp("import { settingsContext } from './deps';")).toBe(false);
  });

  it('has routes, actions and queries, and no domain/ or store/ any more', () => {
    for (const layer of ['routes', 'actions', 'queries']) expect(files.some((file) => file.startsWith(`${layer}/`))).toBe(true);
    expect(existsSync(join(SRC, 'domain'))).toBe(false);
    expect(existsSync(join(SRC, 'store'))).toBe(false);
  });

  it('runs no SQL in routes', () => {
    const offending = files.filter((file) => file.startsWith('routes/')).map((file) => ({ file, found: sqlIn(read(file)) }));
    expect(offending.filter(({ found }) => found.length > 0)).toEqual([]);
  });

  it('imports the app only from the entry points', () => {
    const entries = ['app.ts', 'compose.ts', 'main.ts', 'index.ts'];
    expect(files.filter((file) => !entries.includes(file) && importsApp(read(file)))).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(findCycle(files)).toBeUndefined();
  });
});

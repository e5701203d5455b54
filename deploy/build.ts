/**
 * The production build: each process entry bundled with its workspace libraries into one file
 * under dist/ (third-party packages stay external and come from node_modules). The workspace
 * itself runs TypeScript source directly; only images use this.
 */
import { build, type Plugin } from 'esbuild';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..');
/** Every process the image can run: the Dockerfile's SERVICE names one (dist/<name>.js). */
export const ENTRIES: Record<string, string> = {
  standalone: 'services/standalone/src/main.ts',
  gateway: 'services/gateway/src/main.ts',
  message: 'services/message/src/main.ts',
  subscription: 'services/subscription/src/main.ts',
  settings: 'services/settings/src/main.ts',
  webhook: 'services/webhook/src/main.ts',
  'event-queue': 'services/event-queue/src/main.ts',
  migrate: 'deploy/migrate.ts',
  // The administration command, for `kubectl exec ... -- node dist/manage.js <verb>`.
  manage: 'services/settings/src/cli.ts',
};

/**
 * Worker-thread modules, bundled like the processes and written beside them: the render pool
 * (libs/render-pool) starts dist/render-worker.js, and every PGlite database (libs/db) its own
 * dist/pglite-worker.js, from the directory of the bundle it runs in.
 */
export const WORKERS: Record<string, string> = {
  'render-worker': 'libs/render-pool/src/render-task.ts',
  'pglite-worker': 'libs/db/src/pglite-worker-task.ts',
};

/** Bundles @chat/* (our TypeScript) and leaves every other bare import to node_modules. */
const externalThirdParty: Plugin = {
  name: 'external-third-party',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@chat/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildAll(outdir = join(root, 'dist'), logLevel: 'info' | 'warning' = 'info'): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(Object.entries({ ...ENTRIES, ...WORKERS }).map(([name, file]) => [name, join(root, file)])),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    plugins: [externalThirdParty],
    logLevel,
  });
}

if (require.main === module) {
  buildAll().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

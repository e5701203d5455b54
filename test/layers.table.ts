/**
 * The layers of every service, the gateway and the embedded server, and which layer may import
 * which (docs/architecture.md, "Layout of a service"). test/layers.test.ts reads each package's
 * src/ and holds it to its row: every file in exactly one layer, every relative import in an
 * allowed direction, no SQL where a layer runs none, no import cycle.
 */

export interface Layer {
  /** Its files, relative to src/: a name ending in '/' is a folder (the files under it). */
  files: string[];
  /** The layers its files may import besides their own; '*': any (a composition). */
  mayImport: string[] | '*';
  /**
   * Runs no SQL itself: no knex, no query builder, no raw SQL (it calls queries/ and actions/).
   * 'not even the handle': nor does it touch the knex handle (its queries take the context).
   */
  noSql?: 'runs none' | 'not even the handle';
}

export interface PackageLayers {
  /** The package's folder, relative to the repository. */
  dir: string;
  layers: Record<string, Layer>;
  /** Its main.ts composes it through compose.ts, as every topology does. */
  composed: boolean;
}

/**
 * Every service's layers: the composition (only it imports app.ts; deps.ts holds the dependency
 * types), thin routes, actions that write, queries that read, consumers of the bus and the jobs,
 * and lib/ helpers that touch no database.
 */
const SERVICE_LAYERS = {
  composition: { files: ['app.ts', 'compose.ts', 'main.ts', 'index.ts'], mayImport: '*' },
  deps: { files: ['deps.ts'], mayImport: ['lib'] },
  routes: { files: ['routes/'], mayImport: ['actions', 'queries', 'lib', 'deps'], noSql: 'not even the handle' },
  consumers: { files: ['consumers/'], mayImport: ['actions', 'queries', 'lib', 'deps'] },
  actions: { files: ['actions/'], mayImport: ['queries', 'lib', 'deps'] },
  queries: { files: ['queries/'], mayImport: ['lib', 'deps'] },
  lib: { files: ['lib/'], mayImport: [] },
} satisfies Record<string, Layer>;

type ServiceLayer = keyof typeof SERVICE_LAYERS;

interface ServiceRow {
  /** Layers of its own (feature folders, top-level files). */
  own?: Record<string, Layer>;
  /** What its common layers may import beyond the common rule. */
  moreImports?: Partial<Record<ServiceLayer, string[]>>;
  /** Its routes hand the knex handle to its queries (they still run no SQL themselves). */
  routesPassTheHandle?: boolean;
}

/** A service's layers: the common ones, what the service adds to their imports, and its own. */
function service(name: string, row: ServiceRow = {}): PackageLayers {
  const common = Object.fromEntries(
    Object.entries(SERVICE_LAYERS).map(([layer, rule]): [string, Layer] => {
      const more = row.moreImports?.[layer as ServiceLayer] ?? [];
      return [layer, { ...rule, mayImport: rule.mayImport === '*' ? '*' : [...rule.mayImport, ...more] }];
    }),
  );
  if (row.routesPassTheHandle) common.routes = { ...common.routes!, noSql: 'runs none' };
  return { dir: `services/${name}`, layers: { ...common, ...row.own }, composed: true };
}

/** The follow-ups a service owns: handlers that run its actions (routes/ serves them internally). */
const FOLLOW_UPS: Layer = { files: ['follow-ups.ts'], mayImport: ['actions', 'queries', 'lib', 'deps'] };

export const PACKAGES: PackageLayers[] = [
  service('message', {
    own: {
      // Its follow-ups include the notifications held for a user whose last queue went.
      'follow-ups': { files: ['follow-ups.ts'], mayImport: ['actions', 'queries', 'lib', 'deps', 'notifications'] },
      notices: { files: ['notices/'], mayImport: [] },
      'outgoing-webhooks': { files: ['outgoing-webhooks/'], mayImport: ['actions', 'queries', 'lib', 'deps', 'notices'] },
      'missed-messages': { files: ['missed-messages/'], mayImport: ['queries', 'lib', 'deps', 'notices'] },
      'mobile-push': { files: ['mobile-push/'], mayImport: ['queries', 'lib', 'deps', 'notices'] },
      // The one decision and its channels: e-mail batches and mobile pushes are asked of their features.
      notifications: { files: ['notifications/'], mayImport: ['queries', 'lib', 'deps', 'missed-messages', 'mobile-push', 'web-push'] },
      // Web Push: the sender and its jobs, asked for by the decision and by marking messages read.
      'web-push': { files: ['web-push/'], mayImport: ['queries', 'lib', 'deps', 'notices'] },
      // The weekly digest: its schedule, its content (read again when sent) and its mail.
      digest: { files: ['digest/'], mayImport: ['queries', 'lib', 'deps', 'notices', 'web-push'] },
    },
    moreImports: {
      routes: ['follow-ups'],
      consumers: ['follow-ups', 'outgoing-webhooks', 'missed-messages', 'mobile-push', 'notifications'],
      // The send transaction requests these features' jobs, declared beside their handlers.
      // Edits post Notification Bot's notices, with links built as every notice's are.
      // Marking messages read asks for their pushes' removal.
      actions: ['outgoing-webhooks', 'missed-messages', 'notices', 'notifications', 'mobile-push'],
    },
    routesPassTheHandle: true,
  }),
  service('subscription', { own: { 'follow-ups': FOLLOW_UPS }, moreImports: { routes: ['follow-ups'] }, routesPassTheHandle: true }),
  service('settings', {
    own: {
      adapters: { files: ['adapters/'], mayImport: [] },
      // The manage CLI: its entry and its commands, which run actions and queries.
      cli: { files: ['cli.ts', 'cli/'], mayImport: ['actions', 'queries', 'lib', 'deps'] },
      // External logins: the identity interface (an external identity to a user or a refusal) and its flows.
      identity: { files: ['identity/'], mayImport: ['actions', 'queries', 'lib', 'deps'] },
    },
    moreImports: {
      // The defaults of its dependencies: bcrypt, and the login limiter on the database.
      deps: ['adapters', 'actions'],
      // Invitations request their mail jobs in their transaction; the job is declared beside its handler.
      actions: ['consumers', 'identity'],
      routes: ['identity'],
      // server_settings lists the external methods with their URLs.
      queries: ['identity'],
    },
  }),
  service('webhook', {
    own: {
      // The integration framework: it turns an integration's payload into a message through actions/,
      // and gives handlers the realm's users they may name (queries/).
      framework: { files: ['framework/'], mayImport: ['actions', 'queries', 'lib', 'deps'] },
      integrations: { files: ['integrations/'], mayImport: ['framework', 'lib'] },
    },
    moreImports: { actions: ['framework'] },
  }),
  service('event-queue', {
    // Authentication of the clients the ingress sends here without the gateway.
    own: { 'direct-auth': { files: ['direct-auth.ts'], mayImport: ['deps'] } },
    moreImports: { routes: ['direct-auth'] },
  }),
  {
    dir: 'services/gateway',
    composed: true,
    layers: {
      composition: SERVICE_LAYERS.composition,
      // Authentication, the route table, forwarding and the files it serves itself: no business
      // logic, so no SQL of its own (libs/auth reads the credentials).
      steps: {
        files: [
          'api-docs.ts',
          'auth-changes.ts',
          'authenticate.ts',
          'emoji-data.ts',
          'emoji-images.ts',
          'forward.ts',
          'public-paths.ts',
          'route-table.ts',
          'thumbnail.ts',
          'web-app.ts',
        ],
        mayImport: [],
        noSql: 'not even the handle',
      },
    },
  },
  {
    dir: 'services/standalone',
    composed: false,
    layers: {
      composition: { files: ['main.ts', 'standalone.ts'], mayImport: '*' },
      lib: { files: ['saved-queues.ts'], mayImport: [] },
    },
  },
];

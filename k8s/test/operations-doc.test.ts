/**
 * docs/operations.md's first Kubernetes deploy and its route table say what the manifests, the
 * Dockerfile and the build do: one image name from `docker build` to the pods, one port from the
 * Dockerfile to the Services and the port-forward, the Ingress's routes (and the local runner's),
 * and commands that name objects, namespaces and `manage` verbs that exist. The steps themselves
 * need a Docker engine and a cluster; this is what can be checked without them.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MIGRATION_NAMES, schemaRefusal } from '@chat/db';
import { ENTRIES } from '../../deploy/build';
import { EVENT_TIER_PATHS } from '@chat/gateway-service';
import { parseObjects, renderKustomization, type K8sObject } from './kustomize';

const ROOT = resolve(__dirname, '../..');
const DOC = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
const DOCKERFILE = readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8');

/** The verbs `manage` lists in its usage text (it prints it, before opening anything, when given none). */
function manageVerbs(): string[] {
  const { NODE_OPTIONS: _jestFlags, ...env } = process.env;
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'services/settings/src/cli.ts')], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return each(run.stderr, /^ {2}([a-z-]+) /m).map((m) => m[1]!);
}

/** The text of a `### title` section, up to the next heading of its level or above. */
function section(title: string): string {
  const start = DOC.indexOf(`### ${title}\n`);
  if (start < 0) throw new Error(`docs/operations.md has no section "${title}"`);
  const rest = DOC.slice(start + title.length + 5);
  const end = rest.search(/^#{2,3} /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Every match of `pattern`, with its groups. */
function each(text: string, pattern: RegExp): RegExpExecArray[] {
  return [...text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))];
}

interface Container {
  image: string;
  command?: string[];
  ports?: { name: string; containerPort: number }[];
}
interface Workload extends K8sObject {
  spec: { template: { spec: { containers: Container[] } } };
}
interface ServiceObject extends K8sObject {
  spec: { ports: { name: string; port: number; targetPort: string | number }[] };
}
type Path = { path: string; pathType: string; backend: { service: { name: string } } };
interface IngressObject extends K8sObject {
  spec: { rules: { host?: string; http: { paths: Path[] } }[] };
}

const deploy = section('A first Kubernetes deploy');
const productionSteps = section('Deploying to production on Kubernetes');
const evaluation = renderKustomization(join(ROOT, 'k8s/overlays/evaluation'));
const productionObjects = renderKustomization(join(ROOT, 'k8s/overlays/production'));
const ofKind = <T extends K8sObject>(objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind) as T[];
const chatWorkloads = [...ofKind<Workload>(evaluation, 'Deployment'), ...ofKind<Workload>(evaluation, 'Job')].filter(
  (w) => w.metadata.labels?.['app.kubernetes.io/name'] === 'chat',
);

describe('docs/operations.md agrees with k8s/, deploy/Dockerfile and deploy/build.ts', () => {
  it('names one image from docker build to kind, minikube and every pod of the evaluation overlay', () => {
    const built = each(deploy, /docker build -f deploy\/Dockerfile -t (\S+) \./).map((m) => m[1]);
    expect(built).toHaveLength(1);
    const image = built[0]!;
    expect(image).not.toMatch(/:latest$|^[^:]+$/);
    expect(each(deploy, /kind load docker-image (\S+)/).map((m) => m[1])).toEqual([image]);
    expect(each(deploy, /minikube image load (\S+)/).map((m) => m[1])).toEqual([image]);
    expect(chatWorkloads.length).toBeGreaterThan(6);
    for (const workload of chatWorkloads) {
      for (const container of workload.spec.template.spec.containers)
        expect({ workload: workload.metadata.name, image: container.image }).toEqual({ workload: workload.metadata.name, image });
    }
  });

  it('applies the evaluation overlay in its namespace and waits for objects it has', () => {
    expect(each(deploy, /kubectl apply -k (\S+)/).map((m) => m[1])).toEqual(['k8s/overlays/evaluation']);
    const namespace = evaluation.find((o) => o.kind === 'Namespace')!.metadata.name;
    // The commands to type (the fenced blocks; the prose also names the ingress controller's).
    const commands = each(deploy, /```sh\n([\s\S]*?)```/)
      .map((m) => m[1])
      .join('');
    expect(new Set(each(commands, /kubectl -n (\S+)/).map((m) => m[1]))).toEqual(new Set([namespace]));
    for (const [, name] of each(deploy, /job\/(\S+)/)) expect(ofKind(evaluation, 'Job').map((j) => j.metadata.name)).toContain(name);
  });

  it("uses the Dockerfile's port in every container, Service, the port-forward and EXTERNAL_HOST", () => {
    const exposed = Number(/^EXPOSE (\d+)$/m.exec(DOCKERFILE)![1]);
    expect(Number(/\bPORT=(\d+)/.exec(DOCKERFILE)![1])).toBe(exposed);
    for (const workload of ofKind<Workload>(evaluation, 'Deployment').filter((w) => chatWorkloads.includes(w))) {
      expect(workload.spec.template.spec.containers[0]!.ports).toEqual([{ name: 'http', containerPort: exposed }]);
    }
    const forwards = each(deploy, /port-forward svc\/(\S+) (\d+):(\d+)/);
    const gatewayForward = forwards.find((m) => m[1] === 'gateway')!;
    const service = ofKind<ServiceObject>(evaluation, 'Service').find((s) => s.metadata.name === 'gateway')!;
    expect(service.spec.ports).toEqual([expect.objectContaining({ name: 'http', port: Number(gatewayForward[3]) })]);
    expect(Number(gatewayForward[3])).toBe(exposed);
    const config = evaluation.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'chat-config') as K8sObject & {
      data: Record<string, string>;
    };
    expect(config.data.EXTERNAL_HOST).toBe(`chat.localhost:${gatewayForward[2]}`);
    expect(deploy).toContain(`http://chat.localhost:${gatewayForward[2]}/`);
    expect(deploy.replace(/\s+/g, ' ')).toContain(`EXTERNAL_HOST\` is \`${config.data.EXTERNAL_HOST}\``);
  });

  it.each([
    ['evaluation', () => deploy, evaluation],
    ['production', () => productionSteps, productionObjects],
  ] as const)('runs manage (%s steps) in a Deployment that has it, with verbs it has, as the image bundles it', (_name, text, objects) => {
    const runs = each(text(), /exec (?:-i )?deploy\/(\S+) -- node dist\/(\S+)\.js(?: \\\n\s+| )([a-z-]+)/);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    const verbs = manageVerbs();
    expect(verbs).toContain('print-zuliprc');
    for (const [, deployment, entry, verb] of runs) {
      expect(ofKind(objects, 'Deployment').map((d) => d.metadata.name)).toContain(deployment);
      expect(Object.keys(ENTRIES)).toContain(entry);
      expect(verbs).toContain(verb);
    }
    expect(DOCKERFILE).toContain('cp -r dist /out/dist');
  });

  it("lists the Ingress routes of both overlays, and the local runner's, in the route table", () => {
    const table = each(section('Kubernetes'), /^\| `(\/[^`]*)` \| (Exact|Prefix) \| ([a-z-]+) \|$/m).map(
      (m) => `${m[2]} ${m[1]} -> ${m[3]}`,
    );
    expect(table.length).toBeGreaterThan(5);
    for (const overlay of ['evaluation', 'production']) {
      const ingress = ofKind<IngressObject>(renderKustomization(join(ROOT, 'k8s/overlays', overlay)), 'Ingress');
      for (const rule of ingress.flatMap((i) => i.spec.rules)) {
        const routes = rule.http.paths.map((p) => `${p.pathType} ${p.path} -> ${p.backend.service.name}`);
        expect({ overlay, host: rule.host, routes }).toEqual({ overlay, host: rule.host, routes: table });
      }
    }
    expect(table.filter((route) => route.endsWith('-> event-queue'))).toEqual(
      [...EVENT_TIER_PATHS].map((path) => `Exact ${path} -> event-queue`),
    );
    // The evaluation rule serves every host: the Host names the realm.
    const evaluationIngress = ofKind<IngressObject>(evaluation, 'Ingress')[0]!;
    expect(evaluationIngress.spec.rules.map((r) => r.host)).toEqual([undefined]);
  });
});

describe("docs/operations.md's production steps agree with k8s/overlays/production", () => {
  const commands = each(productionSteps, /```sh\n([\s\S]*?)```/)
    .map((m) => m[1])
    .join('');
  const certificate = productionObjects.find((o) => o.kind === 'Certificate') as K8sObject & {
    spec: { issuerRef: { name: string } };
  };

  it('goes from prerequisites to a checked installation in numbered steps, linking upgrades and backups', () => {
    const steps = each(productionSteps, /^(\d+)\. \*\*([^*]+)\*\*/m).map((m) => [Number(m[1]), m[2]]);
    expect(steps.map(([n]) => n)).toEqual(steps.map((_, i) => i + 1));
    expect(steps.map(([, title]) => String(title).replace(/\.$/, ''))).toEqual([
      'Prerequisites',
      'Secrets',
      'Configuration',
      'TLS',
      'Deploy',
      'First administrator',
      'Check that it works',
      'Backups',
    ]);
    for (const needed of ['ingress controller', 'cert-manager', 'PostgreSQL', 'Redis', 'NATS with JetStream', 'S3-compatible bucket']) {
      expect(productionSteps).toContain(needed);
    }
    expect(productionSteps).toContain('](#upgrades)');
    expect(productionSteps).toContain('](#backups-and-restore)');
  });

  it('applies the production overlay in its namespace and waits for objects it has', () => {
    expect(each(commands, /kubectl apply -k (\S+)/).map((m) => m[1])).toEqual(['k8s/overlays/production']);
    const namespace = productionObjects.find((o) => o.kind === 'Namespace')!.metadata.name;
    expect(each(commands, /kubectl create namespace (\S+)/).map((m) => m[1])).toEqual([namespace]);
    // The chat namespace, and cert-manager's for the DNS provider's credentials.
    expect(new Set(each(commands, /kubectl -n (\S+)/).map((m) => m[1]))).toEqual(new Set([namespace, 'cert-manager']));
    for (const [, kind, name] of each(commands, /\b(job|certificate)\/(\S+)/)) {
      const objectKind = kind === 'job' ? 'Job' : 'Certificate';
      expect({ kind, name, found: productionObjects.some((o) => o.kind === objectKind && o.metadata.name === name) }).toEqual({
        kind,
        name,
        found: true,
      });
    }
  });

  it('creates every secret the evaluation Secret holds for the services, S3 keys included', () => {
    const created = each(commands, /--from-literal=([A-Z0-9_]+)=/).map((m) => m[1]);
    const secret = evaluation.find((o) => o.kind === 'Secret' && o.metadata.name === 'chat-secrets') as K8sObject & {
      stringData: Record<string, string>;
    };
    // POSTGRES_PASSWORD is the bundled PostgreSQL's own; production's is in DATABASE_URL.
    const needed = Object.keys(secret.stringData).filter((key) => key !== 'POSTGRES_PASSWORD');
    expect(needed).toEqual(expect.arrayContaining(['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']));
    expect(created).toEqual(expect.arrayContaining(needed));
    expect(commands).toContain('kubectl -n chat create secret generic chat-secrets');
  });

  it("applies the example ClusterIssuer the Certificate names, with its DNS-01 solver's Secret", () => {
    const file = each(commands, /kubectl apply -f (\S+)/).map((m) => m[1]);
    expect(file).toEqual(['k8s/overlays/production/cluster-issuer.example.yaml']);
    const [issuer] = parseObjects(readFileSync(join(ROOT, file[0]!), 'utf8'), file[0]!) as (K8sObject & {
      spec: { acme: { solvers: { dns01?: { cloudflare?: { apiTokenSecretRef: { name: string; key: string } } } }[] } };
    })[];
    expect(issuer!.kind).toBe('ClusterIssuer');
    expect(issuer!.metadata.name).toBe(certificate.spec.issuerRef.name);
    const ref = issuer!.spec.acme.solvers[0]!.dns01!.cloudflare!.apiTokenSecretRef;
    expect(commands).toContain(`kubectl -n cert-manager create secret generic ${ref.name} --from-literal=${ref.key}=`);
    expect(productionSteps).toContain('DNS-01');
    // The overlay does not apply it: an issuer is cluster-wide and names the operator's DNS provider.
    expect(readFileSync(join(ROOT, 'k8s/overlays/production/kustomization.yaml'), 'utf8')).not.toMatch(/^\s+- cluster-issuer/m);
  });

  it('is the section k8s/README.md sends operators to', () => {
    const readme = readFileSync(join(ROOT, 'k8s/README.md'), 'utf8');
    expect(readme).toContain('"Deploying to production on Kubernetes"');
    expect(readme).toContain('"A first Kubernetes deploy"');
  });
});

/** The text of a `## title` section, up to the next heading of its level. */
function chapter(title: string): string {
  const start = DOC.indexOf(`## ${title}\n`);
  if (start < 0) throw new Error(`docs/operations.md has no section "${title}"`);
  const rest = DOC.slice(start + title.length + 4);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

interface PodSpec {
  initContainers?: (Container & { name: string; args?: string[] })[];
  containers: (Container & { name: string; args?: string[]; envFrom?: { configMapRef?: { name: string } }[] })[];
}

describe("docs/operations.md's upgrades and backups agree with the production overlay and the code", () => {
  const production = renderKustomization(join(ROOT, 'k8s/overlays/production'));
  const upgrades = chapter('Upgrades');
  const backups = chapter('Backups and restore');
  const both = upgrades + backups;
  const deployments = ofKind<Workload & { spec: { template: { spec: PodSpec } } }>(production, 'Deployment');
  const cron = ofKind<K8sObject & { spec: { jobTemplate: { spec: { template: { spec: PodSpec } } } } }>(production, 'CronJob')[0]!;

  it("quotes the server's refusal and the init container's command as they are", () => {
    // The example is the refusal for one of this release's migrations pending, word for word (any
    // one: the doc need not change with every migration).
    const refusals = MIGRATION_NAMES.map((name, i) => schemaRefusal({ ran: i, pending: [name], unknown: [] })!);
    const quoted = each(upgrades, /```\n(the database schema is older[^\n]*)\n```/).map((m) => m[1]);
    expect(quoted).toHaveLength(1);
    expect(refusals).toContain(quoted[0]);
    const wait = each(upgrades, /`(node dist\/migrate\.js --wait \d+)`/).map((m) => m[1]);
    expect(wait).toHaveLength(1);
    for (const deployment of deployments) {
      const init = deployment.spec.template.spec.initContainers!;
      expect(init.map((c) => c.name)).toEqual(['wait-for-schema']);
      expect(init[0]!.command!.slice(2).join(' ')).toBe(wait[0]!.replace('node ', ''));
    }
    expect(upgrades).toContain('`wait-for-schema`');
  });

  it('names the Deployments, containers, Jobs and CronJob the overlay has, and its image tag line', () => {
    const names = deployments.map((d) => d.metadata.name);
    for (const [, list] of each(both, /for d in ([a-z- ]+); do/)) expect(list!.split(' ').sort()).toEqual([...names].sort());
    for (const [, name] of each(both, /deployment\/([a-z-]+)/)) expect(names).toContain(name);
    for (const [, name, container] of each(both, /deployment\/([a-z-]+) -c ([a-z-]+)/)) {
      const pod = deployments.find((d) => d.metadata.name === name)!.spec.template.spec;
      expect([...(pod.initContainers ?? []), ...pod.containers].map((c) => c.name)).toContain(container);
    }
    expect(each(both, /cronjob[/ ]([a-z-]+)/).map((m) => m[1])).toEqual(expect.arrayContaining([cron.metadata.name]));
    for (const [, name] of each(both, /cronjob[/ ]([a-z-]+)/)) expect(name).toBe(cron.metadata.name);
    const created = each(both, /create job --from=cronjob\/\S+ (\S+)/).map((m) => m[1]);
    const jobs = ofKind(production, 'Job').map((j) => j.metadata.name);
    for (const [, name] of each(both, /(?<![a-z])job\/([a-z0-9-]+)/)) expect([...jobs, ...created]).toContain(name);
    for (const [, name] of each(both, /delete job (\S+)/)) expect(jobs).toContain(name);
    const kustomization = readFileSync(join(ROOT, 'k8s/overlays/production/kustomization.yaml'), 'utf8');
    for (const [, pattern] of each(both, /sed -i 's\/(\^ +newTag: \.\*)\//)) expect(kustomization).toMatch(new RegExp(pattern!, 'm'));
  });

  it('creates the backup Secret with what the upload reads from it, and restores with the dump image', () => {
    const upload = cron.spec.jobTemplate.spec.template.spec.containers[0]!;
    const configName = upload.envFrom!.find((e) => e.configMapRef)!.configMapRef!.name;
    const config = production.find((o) => o.kind === 'ConfigMap' && o.metadata.name === configName) as K8sObject & {
      data: Record<string, string>;
    };
    const read = new Set([...upload.args!.join('\n').matchAll(/\$([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!));
    const fromSecret = [...read].filter((name) => !(name in config.data)).sort();
    const secretCommand = /create secret generic chat-backup((?: \\\n\s+--from-literal=[A-Z0-9_]+=\S+)+)/.exec(backups)!;
    expect(
      each(secretCommand[1]!, /--from-literal=([A-Z0-9_]+)=/)
        .map((m) => m[1])
        .sort(),
    ).toEqual(fromSecret);
    const dumpImage = cron.spec.jobTemplate.spec.template.spec.initContainers![0]!.image;
    expect(each(backups, /--image=(\S+)/).map((m) => m[1])).toEqual([dumpImage]);
    expect(backups).toContain('`concurrencyPolicy: Forbid`');
  });
});

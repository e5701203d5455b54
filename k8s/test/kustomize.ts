/**
 * A small kustomize renderer for this directory's kustomizations, for the manifest test. It knows
 * exactly the fields k8s/ uses (resources, namespace, images, strategic-merge `patches` given by
 * path) and throws on any other, so a kustomization can never be half-understood here. Where
 * kubectl is installed the test also renders with `kubectl kustomize` and expects the same objects.
 */
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

type Json = Record<string, unknown>;

const FIELDS = new Set(['resources', 'namespace', 'patches', 'images']);
/** Kinds without a namespace (only those k8s/ could contain). */
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'PersistentVolume', 'StorageClass']);
/** Strategic-merge keys of the lists a patch here may touch (Kubernetes' patchMergeKey). */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  ports: 'containerPort',
};

export function parseObjects(text: string, source: string): K8sObject[] {
  return parseAllDocuments(text).flatMap((doc) => {
    if (doc.errors.length > 0) throw new Error(`${source}: ${doc.errors[0]!.message}`);
    const value = doc.toJS() as K8sObject | null;
    return value ? [value] : [];
  });
}

function readObjects(file: string): K8sObject[] {
  return parseObjects(readFileSync(file, 'utf8'), file);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Kubernetes' strategic merge patch, for maps and the keyed lists above; other lists are replaced. */
export function strategicMerge(target: unknown, patch: unknown, field = ''): unknown {
  if (Array.isArray(target) && Array.isArray(patch) && MERGE_KEYS[field]) {
    const key = MERGE_KEYS[field]!;
    const merged = target.map((item) => {
      const match = patch.find((p) => isObject(p) && isObject(item) && p[key] === item[key]);
      return match === undefined ? item : strategicMerge(item, match);
    });
    for (const item of patch) {
      if (!target.some((t) => isObject(t) && isObject(item) && t[key] === item[key])) merged.push(item);
    }
    return merged;
  }
  if (!isObject(target) || !isObject(patch)) return patch;
  const result: Json = { ...target };
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete result[name];
    else result[name] = name in target ? strategicMerge(target[name], value, name) : value;
  }
  return result;
}

function sameObject(a: K8sObject, b: K8sObject): boolean {
  return a.apiVersion === b.apiVersion && a.kind === b.kind && a.metadata.name === b.metadata.name;
}

function podSpecs(object: K8sObject): Json[] {
  const spec = object.spec as Json | undefined;
  const template = (object.kind === 'CronJob' ? ((spec?.jobTemplate as Json)?.spec as Json) : spec)?.template as Json | undefined;
  return isObject(template?.spec) ? [template.spec] : [];
}

function setImages(objects: K8sObject[], images: { name: string; newName?: string; newTag?: string }[]): void {
  for (const object of objects) {
    for (const spec of podSpecs(object)) {
      for (const container of [...((spec.containers as Json[]) ?? []), ...((spec.initContainers as Json[]) ?? [])]) {
        const image = String(container.image);
        const slash = image.lastIndexOf('/');
        const colon = image.lastIndexOf(':');
        const [name, tag] = colon > slash ? [image.slice(0, colon), image.slice(colon + 1)] : [image, undefined];
        const rule = images.find((i) => i.name === name);
        if (!rule) continue;
        const newTag = rule.newTag ?? tag;
        container.image = `${rule.newName ?? name}${newTag ? `:${newTag}` : ''}`;
      }
    }
  }
}

export function renderKustomization(dir: string): K8sObject[] {
  const kustomization = parseObjects(readFileSync(join(dir, 'kustomization.yaml'), 'utf8'), dir)[0] as unknown as Json;
  for (const field of Object.keys(kustomization)) {
    if (!FIELDS.has(field)) throw new Error(`${dir}/kustomization.yaml: field "${field}" is not supported by this renderer`);
  }
  let objects: K8sObject[] = [];
  for (const entry of (kustomization.resources as string[]) ?? []) {
    const path = resolve(dir, entry);
    objects.push(...(statSync(path).isDirectory() ? renderKustomization(path) : readObjects(path)));
  }
  for (const patch of (kustomization.patches as Json[]) ?? []) {
    if (Object.keys(patch).some((k) => k !== 'path')) throw new Error(`${dir}: only patches given by path are supported`);
    for (const change of readObjects(resolve(dir, String(patch.path)))) {
      const index = objects.findIndex((o) => sameObject(o, change));
      if (index < 0) throw new Error(`${dir}: patch ${change.kind}/${change.metadata.name} matches no resource`);
      if ((change as Json).$patch === 'delete') objects = objects.filter((_, i) => i !== index);
      else objects[index] = strategicMerge(objects[index], change) as K8sObject;
    }
  }
  const namespace = kustomization.namespace as string | undefined;
  if (namespace) {
    for (const object of objects) {
      if (!CLUSTER_SCOPED.has(object.kind)) object.metadata = { ...object.metadata, namespace };
    }
  }
  if (kustomization.images) setImages(objects, kustomization.images as { name: string }[]);
  return objects;
}

export function objectKey(object: K8sObject): string {
  return `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
}

export * as p from './params';
export type { ParamSpec, ParamSpecs, ParamValues, JsonSchema } from './params';
export * from './endpoint';
export * from './envelope';
export * from './identity';
export * from './errors-middleware';
export * from './app';
export * from './client-name';

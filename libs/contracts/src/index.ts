export * as p from './params';
export type { AnyParamSpec, IntRange, JsonSchema, ParamDocs, ParamEncoding, ParamSpec, ParamSpecs, ParamValues, RawParams } from './params';
export { convertParams, INT32, INT64 } from './params';
export * from './validators';
export * from './limits';
export * from './server-files';
export * from './contract';
export * from './endpoints';
export * from './client';

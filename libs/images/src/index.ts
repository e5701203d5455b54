export * from './processor';
export * from './signature';
export { UNDECODABLE } from './errors';

export * from './bus';
export { MemoryBus, type MemoryBusOptions } from './memory-bus';
export { NatsBus, type NatsBusOptions } from './nats-bus';
export { consumerName } from './nats-setup';

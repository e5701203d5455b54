export * from './address-guard';
export * from './push-bouncer';

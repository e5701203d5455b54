export * from './address-guard';

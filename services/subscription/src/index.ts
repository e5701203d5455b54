export * from './app';
export { registerSubscriptionFollowUps } from './follow-ups';

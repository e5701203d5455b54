export * from './app';
// Background jobs the settings service owns (the composition roots register them).
export { registerInvitationMailJob, INVITATION_MAIL_JOB } from './consumers/invitation-mail';

// Every table, one file per aggregate under ./schema/. This barrel is what the app, the tests and
// drizzle-kit (drizzle.config.ts) import, so a table is found by name without knowing its file.
export * from './schema/account.ts';
export * from './schema/auth.ts';
export * from './schema/chat.ts';
export * from './schema/documents.ts';
export * from './schema/events.ts';
export * from './schema/flags.ts';
export * from './schema/invitations.ts';
export * from './schema/jobs.ts';
export * from './schema/join.ts';
export * from './schema/mail.ts';
export * from './schema/notifications.ts';
export * from './schema/organisations.ts';
export * from './schema/review.ts';
export * from './schema/sso.ts';
export * from './schema/tutorials.ts';
export * from './schema/usage.ts';
export * from './schema/write.ts';

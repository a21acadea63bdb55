// The notifications area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export { recipientOf } from './repo.ts';
export { announce, type CreatedNotification, notify } from './service.ts';

// The profile area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export { type AuthorColumns, withAuthorColumns, withNotificationSettings } from './author-columns.ts';
export { defaultProfileRow } from './repo.ts';
export { avatarUrl, getProfile, setAvatar } from './service.ts';
export { deleteProfileFiles, exportAvatar } from './user-data.ts';

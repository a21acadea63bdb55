// The comments area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export { versionMarkerFiles } from './markers.ts';
export { createGuestComment, listGuestComments } from './service.ts';

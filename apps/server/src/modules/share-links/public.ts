// The share-links area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export type { ShareLinkRow } from './access.ts';
export { logDownload, requireDownload, type SharedVersionRow } from './public-service.ts';
export { sharesStems } from './shared-stems.ts';

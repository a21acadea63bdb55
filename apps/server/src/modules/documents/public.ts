// The documents area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export { deleteDocumentsOfOwner } from './delete-owned.ts';
export { removeObjects } from './pdf-files.ts';

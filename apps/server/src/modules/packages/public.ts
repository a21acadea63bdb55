// The packages area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export { type Digest, digestsOf } from './digests.ts';

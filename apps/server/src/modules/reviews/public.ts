// The reviews area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export { reviewSummaries } from './summary.ts';

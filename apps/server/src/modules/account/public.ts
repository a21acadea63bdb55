// The account area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export { completeLoginChallenge, createLoginChallenge } from './login-challenge.ts';
export { isTwoFactorEnabled } from './two-factor.ts';

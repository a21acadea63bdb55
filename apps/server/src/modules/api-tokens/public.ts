// The api-tokens area's public entry: what other areas may use of it (scripts/check-architecture.mjs). Request
// authentication reads tokens through ctx.personalTokens, handed over in area.ts; no area needs more yet.
export { presentToken } from './present.ts';

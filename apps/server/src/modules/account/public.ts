// The account area's public entry: what other areas may use of it (scripts/check-architecture.mjs). Nothing
// yet: sign-in reaches the second factor through ctx.signInChallenge (area.ts).
export {};

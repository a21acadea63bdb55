// The auth area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export { addressMailRows } from './mail-budget.ts';
export { findSessionUser, findUserByEmail, findUserById, presentUser, type UserRow } from './repo.ts';
export {
  type ClientInfo,
  endSession,
  endUserSessions,
  type IssuedSession,
  startSession,
} from './sessions.ts';
export { clearLoginFailures, reserveLoginTry } from './throttle.ts';
export {
  joinUser,
  leftJoinUser,
  type UserName,
  userContact,
  userNameOf,
  usersWithIds,
} from './user-joins.ts';

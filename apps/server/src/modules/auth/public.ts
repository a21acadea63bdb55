// The auth area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export {
  addressMailRows,
  type LoggedMail,
  logAddressMails,
  pruneAddressMails,
  unlogAddressMails,
} from './mail-budget.ts';
export {
  accountOf,
  countOtherLiveSessions,
  deleteUserRow,
  findLiveSession,
  findSessionUser,
  findUserByEmail,
  findUserById,
  insertUser,
  liveSessionsOf,
  lockUserRow,
  presentUser,
  renameUser,
  setUserPassword,
  type UserRow,
} from './repo.ts';
export {
  type ClientInfo,
  endSession,
  endUserSessions,
  type IssuedSession,
  startSession,
} from './sessions.ts';
export { clearLoginFailures, forgetLoginFailuresOf, reserveLoginTry } from './throttle.ts';
export {
  joinUser,
  joinUserContact,
  leftJoinUser,
  namesOfUsersWhere,
  type UserContact,
  type UserName,
  userContact,
  userNameOf,
  usersWithIds,
} from './user-joins.ts';

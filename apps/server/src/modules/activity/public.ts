// The activity area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export { bumpDashboardsShowingActor } from './actor-names.ts';
export { withDashboardVersion } from './dashboard-versions.ts';
export {
  announceActivities,
  newestActivityOf,
  present as presentActivity,
  type Row as ActivityRow,
  recentActivity,
} from './feed.ts';
export { removeActivity } from './removal.ts';

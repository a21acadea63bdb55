// The activity area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export { bumpDashboardsShowingActor } from './actor-names.ts';
export { announceActivities, newestActivityOf, recentActivity } from './feed.ts';

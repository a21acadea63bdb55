// An activity's id: its kind and what it is about, `<kind>:<subject>`. The triggers of the migrations record
// activities in SQL (0012-activity, 0016-comments, 0018-reviews) and services name the activity their change
// recorded (to announce it live, or to remove it): both build the id here, so they cannot drift apart.
import type { ActivityKind } from '@mixdesk/contract/dashboard';

/** The id of the `kind` activity about `subject` (for most kinds the id of the row that recorded it). */
export const activityId = (kind: ActivityKind, subject: string) => `${kind}:${subject}`;

/** The same id as an SQL expression, `subject` being an SQL expression (a trigger's `new.id`, a concatenation). */
export const activityIdSql = (kind: ActivityKind, subject: string) => `'${kind}:' || ${subject}`;

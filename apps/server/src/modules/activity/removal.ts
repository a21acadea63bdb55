// Taking back an activity recorded for something undone (a comment that became a placeholder), as deleting
// what it was about does by trigger: its inbox rows go with it.
import type { ActivityKind } from '@mixdesk/contract/dashboard';
import type { Kysely } from 'kysely';
import { activityId } from '../../db/activity-ids.ts';
import type { DB } from '../../db/schema.ts';
import './tables.ts';

/** Deletes the `kind` activity about `subject` (none: nothing happens). */
export async function removeActivity(db: Kysely<DB>, kind: ActivityKind, subject: string): Promise<void> {
  await db.deleteFrom('activities').where('id', '=', activityId(kind, subject)).execute();
}

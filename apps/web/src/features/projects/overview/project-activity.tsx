// What happened in this project, newest first (GET /api/projects/:id/activity), kept live from the room's
// activity:new while the page is open; "Show more" reads further back.
import type { ActivityEvent } from '@mixdesk/contract/activity';
import type { Project } from '@mixdesk/contract/project-responses';
import { activityRoutes } from '@mixdesk/contract/routes/activity';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../../lib/call';
import { realtime } from '../../../lib/realtime';
import { useNow } from '../../../lib/use-now';
import { Button } from '../../../ui/button';
import { RecentActivity } from '../../../ui/recent-activity';

const STEP = 10;
const MAX = 100;

type Page = { activities: ActivityEvent['activity'][]; total: number };

export function ProjectActivity({ project }: { project: Project }) {
  const client = useQueryClient();
  const now = useNow();
  const [limit, setLimit] = useState(STEP);
  const key = ['project-activity', project._id, limit] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<Page> => {
      const params = { id: project._id };
      const res = await call(activityRoutes.project, { params, query: { limit } }, { signal });
      return { activities: res.data.activities, total: res.data.pagination.totalActivities };
    },
    placeholderData: keepPreviousData,
  });

  useEffect(
    () =>
      realtime.onLiveEvent('activity:new', ({ projectId, activity }) => {
        if (projectId !== project._id) return;
        client.setQueriesData<Page>({ queryKey: ['project-activity', project._id] }, (page) =>
          page && !page.activities.some((a) => a._id === activity._id)
            ? { activities: [activity, ...page.activities], total: page.total + 1 }
            : page,
        );
      }),
    [client, project._id],
  );

  const page = query.data;
  const more = page && page.total > page.activities.length && limit < MAX;
  return (
    <RecentActivity
      title="Activity"
      items={page?.activities}
      now={now}
      error={query.isError && !page ? 'Could not load the activity. Reload the page to try again.' : null}
      footer={
        more ? (
          <div className="px-5 pb-4">
            <Button size="sm" variant="ghost" onClick={() => setLimit((n) => Math.min(MAX, n + STEP))}>
              Show more
            </Button>
          </div>
        ) : null
      }
    />
  );
}

// / (SPEC §2 Dashboard): the screen a producer opens first. A greeting with the date and time, the four stat
// cards, Quick Actions, Recent Projects and Recent Activity, all from GET /api/dashboard; placeholders while it
// loads and the server's message with Retry when it fails. Never sample data.
import { RotateCw } from 'lucide-react';
import { useSession } from '../../lib/session';
import { useNow } from '../../lib/use-now';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { RecentActivity } from '../../ui/recent-activity';
import { ActiveJobs } from './active-jobs';
import { Greeting } from './greeting';
import { type QuickActionPickers, QuickActions } from './quick-actions';
import { RecentProjects } from './recent-projects';
import { StatCards } from './stat-cards';
import { useDashboard } from './use-dashboard';

/** `pickers`: the Quick Actions' analysis and mastering pickers, from the route. */
export function DashboardPage({ pickers }: { pickers: QuickActionPickers }) {
  const { user } = useSession();
  const now = useNow();
  const dashboard = useDashboard();
  const data = dashboard.data;
  // With nothing to show (a failed first load) the quick actions still work: they take the full row.
  const showLists = data !== undefined || dashboard.loading;

  return (
    <>
      <Greeting name={user?.name} now={now} />
      {dashboard.loading && (
        <p role="status" className="sr-only">
          Loading your dashboard...
        </p>
      )}
      {dashboard.errorMessage && (
        <Alert
          type="error"
          title="Couldn't load your dashboard"
          className="mb-6"
          action={
            <Button size="sm" onClick={dashboard.retry}>
              <RotateCw aria-hidden="true" />
              Retry
            </Button>
          }
        >
          {dashboard.errorMessage}
        </Alert>
      )}
      {showLists && <StatCards stats={data?.stats} />}
      <ActiveJobs jobs={data?.activeJobs} className="mb-6" />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3 lg:gap-6">
        <QuickActions
          className={showLists ? 'lg:col-start-3 lg:row-start-1' : 'lg:col-span-3'}
          pickers={pickers}
        />
        {showLists && (
          <>
            <RecentProjects
              projects={data?.recentProjects}
              now={now}
              className="lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-start"
            />
            <RecentActivity
              items={data?.recentActivity}
              now={now}
              className="lg:col-start-3 lg:row-start-2"
            />
          </>
        )}
      </div>
    </>
  );
}

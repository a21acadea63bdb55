// /settings (SPEC §2 Settings): the four cards Profile, Notifications, Security and Data Management, each with
// Configure and Save Changes, each doing what it says; then API Tokens (issue #38), a list with its own actions.
import { useProfile } from '../../lib/account';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { ApiTokensCard } from './api-tokens-card';
import { DataCard } from './data-card';
import { NotificationsCard } from './notifications-card';
import { ProfileCard } from './profile-card';
import { SecurityCard } from './security-card';
import { WebhooksCard } from './webhooks-card';

export function SettingsPage() {
  const profile = useProfile();
  return (
    <div>
      <PageHeader
        title="Settings"
        description="Your profile, notifications, security, data and API tokens."
      />
      {profile.data ? (
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <ProfileCard profile={profile.data} />
          <NotificationsCard profile={profile.data} />
          <SecurityCard profile={profile.data} />
          <DataCard />
          <ApiTokensCard />
          <WebhooksCard />
        </div>
      ) : profile.isError ? (
        <Alert
          type="error"
          title="Settings could not be loaded"
          action={
            <Button size="sm" onClick={() => profile.refetch()} loading={profile.isFetching}>
              Try Again
            </Button>
          }
        >
          {profile.error instanceof Error ? profile.error.message : 'Failed to load profile'}
        </Alert>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <p role="status" className="sr-only">
            Loading settings...
          </p>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-44" />
          ))}
        </div>
      )}
    </div>
  );
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { SettingsPage as Component };

// /profile (SPEC §2 Profile, §4 Profile, §8 Profile): loading text, the 'Profile Error' page with Try Again, the
// header, stats and four tabs. Links may open a tab (?tab=security), edit mode (?edit=1) or a Security dialog
// (?action=delete-account), which the settings screen uses.
import type { Profile } from '@mixdesk/contract/profile';
import { useSearchParams } from 'react-router';
import { useProfile } from '../../lib/account';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { errorMessage } from './errors';
import { PrivacyTab } from './privacy-tab';
import { ProfileHeader } from './profile-header';
import { ProfileStats } from './profile-stats';
import { ProfileTab } from './profile-tab';
import { type SecurityDialog, SecurityTab } from './security-tab';
import { SettingsTab } from './settings-tab';
import { useProfileEditor } from './use-profile-editor';

const TABS = ['profile', 'settings', 'privacy', 'security'] as const;
type Tab = (typeof TABS)[number];
const LABELS: Record<Tab, string> = {
  profile: 'Profile',
  settings: 'Settings',
  privacy: 'Privacy',
  security: 'Security',
};
const ACTIONS: Record<string, SecurityDialog> = {
  'change-password': 'password',
  'enable-2fa': 'enable-2fa',
  'delete-account': 'delete',
};

export function ProfilePage() {
  const query = useProfile();
  if (query.data) return <ProfileView profile={query.data} />;
  if (query.isError) {
    return (
      <div className="grid place-items-center py-16">
        <div className="flex max-w-md flex-col items-center gap-4 text-center">
          <PageHeader title="Profile Error" />
          <p className="-mt-4 text-base text-muted">{errorMessage(query.error, 'Failed to load profile')}</p>
          <Button variant="primary" onClick={() => query.refetch()} loading={query.isFetching}>
            Try Again
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <title>Profile · Mixdesk</title>
      <p role="status" className="text-base text-muted">
        Loading your profile...
      </p>
      <Skeleton className="h-28" />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}

function ProfileView({ profile }: { profile: Profile }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'profile';
  const editor = useProfileEditor(profile, params.get('edit') === '1');
  const initialDialog = ACTIONS[params.get('action') ?? ''] ?? null;

  const selectTab = (next: string) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === 'profile') out.delete('tab');
        else out.set('tab', next);
        out.delete('action');
        out.delete('edit');
        return out;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col gap-4">
      <title>Profile · Mixdesk</title>
      <h1 className="sr-only">Profile</h1>
      <ProfileHeader profile={profile} editor={editor} />
      {editor.error && (
        <Alert type="error" title="Your changes were not saved">
          {editor.error}
        </Alert>
      )}
      <ProfileStats profile={profile} />
      <Tabs value={tab} onValueChange={selectTab} className="flex flex-col gap-4">
        <TabsList aria-label="Profile sections" className="self-start">
          {TABS.map((t) => (
            <TabsTrigger key={t} value={t}>
              {LABELS[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab profile={profile} editor={editor} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab editor={editor} />
        </TabsContent>
        <TabsContent value="privacy">
          <PrivacyTab editor={editor} />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab email={profile.email} initialDialog={initialDialog} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { ProfilePage as Component };

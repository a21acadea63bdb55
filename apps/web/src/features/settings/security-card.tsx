// Settings › Security: the signed-in sessions (sign out one, or all others), two-factor status, and who can see the
// profile (saved with Save Changes).
import {
  PROFILE_VISIBILITIES,
  type Profile,
  type ProfileVisibility,
  VISIBILITY_LABELS,
} from '@mixdesk/contract/profile';
import { useQuery } from '@tanstack/react-query';
import { Shield } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSaveProfile, useTwoFactorStatus } from '../../lib/account';
import { ApiError } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { buttonClasses } from '../../ui/button';
import { RadioGroup, RadioOption } from '../../ui/radio-group';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { fetchSessions, SESSIONS_QUERY_KEY } from './api';
import { SessionsList } from './sessions-list';
import { SettingsCard } from './settings-card';

export function SecurityCard({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState(false);
  const [visibility, setVisibility] = useState<ProfileVisibility>(profile.profileVisibility);
  const sessions = useQuery({ queryKey: SESSIONS_QUERY_KEY, queryFn: fetchSessions });
  const twoFactor = useTwoFactorStatus();
  const save = useSaveProfile();
  const toast = useToast();
  const dirty = visibility !== profile.profileVisibility;
  const enabled = twoFactor.data?.enabled;

  useEffect(() => {
    if (!open) setVisibility(profile.profileVisibility);
  }, [open, profile.profileVisibility]);

  const submit = () =>
    save.mutate(
      { profileVisibility: visibility },
      {
        onSuccess: () => toast.notify('success', 'Profile visibility saved'),
        onError: (err) =>
          toast.notify('error', err instanceof ApiError ? err.message : 'Failed to update profile'),
      },
    );

  const count = sessions.data?.length;
  return (
    <SettingsCard
      icon={<Shield aria-hidden="true" />}
      title="Security"
      description="Where you are signed in, two-factor sign-in and who can see your profile."
      summary={
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>
            {count === undefined
              ? 'Loading sessions...'
              : `${count} active ${count === 1 ? 'session' : 'sessions'}`}
          </span>
          <span className="flex items-center gap-1.5">
            Two-factor authentication
            {twoFactor.data && <Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? 'On' : 'Off'}</Badge>}
          </span>
        </span>
      }
      open={open}
      onConfigure={() => setOpen((o) => !o)}
      dirty={dirty}
      saving={save.isPending}
      onSave={submit}
    >
      <section className="flex flex-col gap-2">
        <h3 className="text-base font-semibold">Active sessions</h3>
        {sessions.data ? (
          <SessionsList sessions={sessions.data} />
        ) : sessions.isError ? (
          <Alert type="error">
            {sessions.error instanceof ApiError ? sessions.error.message : 'Failed to load sessions'}
          </Alert>
        ) : (
          <Spinner label="Loading sessions..." />
        )}
      </section>
      <section className="flex flex-col gap-2">
        <h3 className="text-base font-semibold">Two-factor authentication</h3>
        <p className="text-sm text-muted">
          {enabled
            ? `On. ${twoFactor.data?.recoveryCodesRemaining ?? 0} recovery codes left.`
            : 'Off. Turn it on to ask for a code from an authenticator app when you sign in.'}
        </p>
        <Link
          to={enabled ? '/profile?tab=security' : '/profile?tab=security&action=enable-2fa'}
          className={buttonClasses({ size: 'sm', className: 'self-start' })}
        >
          {enabled ? 'Manage 2FA' : 'Enable 2FA'}
        </Link>
      </section>
      <section className="flex flex-col gap-2">
        <h3 id="settings-visibility" className="text-base font-semibold">
          Profile visibility
        </h3>
        <RadioGroup
          aria-labelledby="settings-visibility"
          value={visibility}
          onValueChange={(v) => setVisibility(v as ProfileVisibility)}
        >
          {PROFILE_VISIBILITIES.map((v) => (
            <RadioOption
              key={v}
              value={v}
              label={VISIBILITY_LABELS[v].label}
              description={VISIBILITY_LABELS[v].description}
            />
          ))}
        </RadioGroup>
      </section>
    </SettingsCard>
  );
}

// Settings › Notifications: the same four toggles as the Profile screen's Settings tab, saved with Save Changes.
import { NOTIFICATION_SETTINGS, type NotificationKey, type Profile } from '@mixdesk/contract/profile';
import { Bell } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSaveProfile } from '../../lib/account';
import { ApiError } from '../../lib/api';
import { Switch } from '../../ui/switch';
import { useToast } from '../../ui/toast';
import { SettingsCard } from './settings-card';

type Toggles = Record<NotificationKey, boolean>;
const togglesOf = (p: Profile): Toggles => ({
  emailNotifications: p.emailNotifications,
  projectNotifications: p.projectNotifications,
  collaborationNotifications: p.collaborationNotifications,
  marketingEmails: p.marketingEmails,
});

export function NotificationsCard({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(() => togglesOf(profile));
  const save = useSaveProfile();
  const toast = useToast();
  const stored = togglesOf(profile);
  const dirty = NOTIFICATION_SETTINGS.some(({ key }) => draft[key] !== stored[key]);
  const on = NOTIFICATION_SETTINGS.filter(({ key }) => stored[key]);

  useEffect(() => {
    if (!open) setDraft(togglesOf(profile));
  }, [open, profile]);

  const submit = () =>
    save.mutate(draft, {
      onSuccess: () => toast.notify('success', 'Notification settings saved'),
      onError: (err) =>
        toast.notify('error', err instanceof ApiError ? err.message : 'Failed to update profile'),
    });

  return (
    <SettingsCard
      icon={<Bell aria-hidden="true" />}
      title="Notifications"
      description="What Mixdesk tells you about, and how."
      summary={
        on.length === 0
          ? 'All notifications are off.'
          : `${on.length} of ${NOTIFICATION_SETTINGS.length} on: ${on.map((n) => n.label).join(', ')}.`
      }
      open={open}
      onConfigure={() => setOpen((o) => !o)}
      dirty={dirty}
      saving={save.isPending}
      onSave={submit}
    >
      <div className="divide-y divide-border">
        {NOTIFICATION_SETTINGS.map(({ key, label, hint }) => (
          <Switch
            key={key}
            label={label}
            description={hint}
            checked={draft[key]}
            onCheckedChange={(checked) => setDraft((d) => ({ ...d, [key]: checked }))}
          />
        ))}
      </div>
    </SettingsCard>
  );
}

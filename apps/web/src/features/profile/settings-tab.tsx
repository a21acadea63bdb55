// SPEC §2 Profile, Settings tab: the four notification toggles, changeable only in edit mode.
import { NOTIFICATION_SETTINGS } from '@mixdesk/contract/profile';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Switch } from '../../ui/switch';
import type { ProfileEditor } from './use-profile-editor';

export function SettingsTab({ editor }: { editor: ProfileEditor }) {
  const { editing, draft, set } = editor;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          {editing ? 'Choose what Mixdesk tells you about.' : 'Select Edit Profile to change these.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="divide-y divide-border">
        {NOTIFICATION_SETTINGS.map(({ key, label, hint }) => (
          <Switch
            key={key}
            label={label}
            description={hint}
            checked={draft[key]}
            disabled={!editing}
            onCheckedChange={(checked) => set(key, checked)}
          />
        ))}
      </CardContent>
    </Card>
  );
}

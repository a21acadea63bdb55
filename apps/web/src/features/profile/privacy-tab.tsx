// SPEC §2 Profile, Privacy tab: who can see the profile, and which contact fields they see. Enforced by the server
// on GET /api/users/:id/profile; changeable only in edit mode.
import {
  PRIVACY_TOGGLES,
  PROFILE_VISIBILITIES,
  type ProfileVisibility,
  VISIBILITY_LABELS,
} from '@mixdesk/contract/profile';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { RadioGroup, RadioOption } from '../../ui/radio-group';
import { Switch } from '../../ui/switch';
import type { ProfileEditor } from './use-profile-editor';

export function PrivacyTab({ editor }: { editor: ProfileEditor }) {
  const { editing, draft, set } = editor;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle id="visibility-title">Profile Visibility</CardTitle>
          <CardDescription>Who can open your profile.</CardDescription>
        </CardHeader>
        <CardContent>
          <RadioGroup
            aria-labelledby="visibility-title"
            value={draft.profileVisibility}
            disabled={!editing}
            onValueChange={(value) => set('profileVisibility', value as ProfileVisibility)}
          >
            {PROFILE_VISIBILITIES.map((v) => (
              <RadioOption
                key={v}
                value={v}
                label={VISIBILITY_LABELS[v].label}
                description={VISIBILITY_LABELS[v].description}
                disabled={!editing}
              />
            ))}
          </RadioGroup>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Contact Details</CardTitle>
          <CardDescription>
            {editing
              ? 'What people who can see your profile also see.'
              : 'Select Edit Profile to change these.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="divide-y divide-border">
          {PRIVACY_TOGGLES.map(({ key, label, hint }) => (
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
    </div>
  );
}

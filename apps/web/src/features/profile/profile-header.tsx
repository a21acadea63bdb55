// SPEC §2 Profile header: avatar (or initial, or 'U'), name, profession, email, location and Edit Profile; in edit
// mode Cancel and Save Changes ('Saving...' while busy).
import type { Profile } from '@mixdesk/contract/profile';
import { Briefcase, Mail, MapPin, Pencil } from 'lucide-react';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { AvatarControl } from './avatar-control';
import type { ProfileEditor } from './use-profile-editor';

export function ProfileHeader({ profile, editor }: { profile: Profile; editor: ProfileEditor }) {
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
      <AvatarControl profile={profile} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="truncate text-xl font-semibold tracking-tight">{profile.name || 'Unnamed user'}</h2>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          {profile.profession && (
            <li className="flex items-center gap-1.5">
              <Briefcase aria-hidden="true" className="size-3.5" />
              {profile.profession}
            </li>
          )}
          <li className="flex min-w-0 items-center gap-1.5">
            <Mail aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{profile.email}</span>
          </li>
          {profile.location && (
            <li className="flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-3.5" />
              {profile.location}
            </li>
          )}
        </ul>
      </div>
      <div className="flex shrink-0 gap-2">
        {editor.editing ? (
          <>
            <Button onClick={editor.cancel} disabled={editor.saving}>
              Cancel
            </Button>
            <Button variant="primary" onClick={editor.submit} loading={editor.saving}>
              {editor.saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </>
        ) : (
          <Button variant="primary" onClick={editor.start}>
            <Pencil aria-hidden="true" />
            Edit Profile
          </Button>
        )}
      </div>
    </Card>
  );
}

// SPEC §2 Profile stats: Projects, Tracks, Collaborations, Member Since (the year of memberSince, else this year).
import type { Profile } from '@mixdesk/contract/profile';
import { CalendarDays, FolderKanban, Music, Users } from 'lucide-react';
import { Card } from '../../ui/card';

export function memberSinceYear(memberSince: string | null | undefined): number {
  const year = memberSince ? new Date(memberSince).getFullYear() : Number.NaN;
  return Number.isFinite(year) ? year : new Date().getFullYear();
}

export function ProfileStats({ profile }: { profile: Profile }) {
  const stats = [
    { label: 'Projects', value: profile.totalProjects, icon: FolderKanban },
    { label: 'Tracks', value: profile.totalTracks, icon: Music },
    { label: 'Collaborations', value: profile.totalCollaborations, icon: Users },
    { label: 'Member Since', value: memberSinceYear(profile.memberSince), icon: CalendarDays },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {stats.map(({ label, value, icon: Icon }) => (
        <Card key={label} className="flex items-center gap-3 px-4 py-3">
          <Icon aria-hidden="true" className="size-5 shrink-0 text-accent" />
          <dl className="flex min-w-0 flex-col">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="font-mono text-xl font-semibold tabular-nums">{value}</dd>
          </dl>
        </Card>
      ))}
    </div>
  );
}

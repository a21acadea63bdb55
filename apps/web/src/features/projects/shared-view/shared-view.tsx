// What an open share link shows: the project's title, the link's label, who shared it and until when, the
// shared tracks to pick from, and the picked one in the player.
import type { ShareView } from '@mixdesk/contract/share-links';
import { Clock3, ListMusic, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../../ui/card';
import { cn } from '../../../ui/cn';
import { PublicLayout } from '../../../ui/public-layout';
import { formatDuration } from '../format';
import { formatWhen } from '../tracks/track-labels';
import { SharedTrackCard } from './shared-track-card';

export function SharedView({ token, share }: { token: string; share: ShareView }) {
  const [pickedId, setPickedId] = useState<string | null>(null);
  const selected = share.tracks.find((t) => t._id === pickedId) ?? share.tracks[0] ?? null;

  return (
    <PublicLayout title={`${share.projectTitle} · ${share.label}`}>
      <header className="mb-6 flex flex-col gap-1.5">
        <p className="text-sm font-medium break-words text-accent">{share.label}</p>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{share.projectTitle}</h1>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
          {share.sharedBy && (
            <span className="flex items-center gap-1.5">
              <UserRound aria-hidden="true" className="size-3.5" />
              Shared by {share.sharedBy}
            </span>
          )}
          {share.expiresAt && (
            <span className="flex items-center gap-1.5">
              <Clock3 aria-hidden="true" className="size-3.5" />
              Link works until {formatWhen(share.expiresAt)}
            </span>
          )}
        </p>
      </header>

      {selected === null ? (
        <Card className="flex flex-col items-center gap-2 px-5 py-12 text-center">
          <ListMusic aria-hidden="true" className="size-8 text-subtle" />
          <p className="text-lg font-semibold">Nothing to play yet</p>
          <p className="max-w-sm text-base text-muted">
            No track of this link has audio yet. Come back later, or ask the person who sent it.
          </p>
        </Card>
      ) : (
        <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(16rem,1fr)_minmax(0,2.2fr)]">
          <Card className="overflow-hidden">
            <h2 className="border-b border-border px-4 py-3 text-base font-semibold">
              Tracks <span className="font-normal text-muted">({share.tracks.length})</span>
            </h2>
            <ol aria-label="Shared tracks" className="flex flex-col divide-y divide-border">
              {share.tracks.map((track, index) => {
                const current = track._id === selected._id;
                return (
                  <li key={track._id}>
                    <button
                      type="button"
                      aria-current={current ? 'true' : undefined}
                      onClick={() => setPickedId(track._id)}
                      className={cn(
                        'flex w-full cursor-pointer items-center gap-3 px-4 py-2.5 text-left transition-colors hover:bg-surface-2',
                        'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus',
                        current && 'bg-accent-soft hover:bg-accent-soft',
                      )}
                    >
                      <span className="w-5 shrink-0 font-mono text-sm text-muted tabular-nums">
                        {index + 1}
                      </span>
                      <span className="flex min-w-0 flex-1 flex-col">
                        <span className={cn('truncate font-medium', current && 'text-accent')}>
                          {track.title}
                        </span>
                        <span className="truncate text-xs text-muted">{track.version.label}</span>
                      </span>
                      <span className="shrink-0 font-mono text-xs text-muted tabular-nums">
                        {formatDuration(track.version.duration)}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
          </Card>
          <SharedTrackCard key={selected.version._id} token={token} share={share} track={selected} />
        </div>
      )}
    </PublicLayout>
  );
}

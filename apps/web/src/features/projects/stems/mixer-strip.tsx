// One row of the stems mixer: a stem's Mute (M) and Solo (S), whether it is heard now, and what the panel shows
// of it beside them; and the mix's own row.
import type { TrackVersion } from '@mixdesk/contract/media';
import { Volume2, VolumeX } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../ui/cn';
import { formatBytes, formatDuration } from '../format';
import { audioDetails } from '../tracks/track-labels';

function Heard({ heard }: { heard: boolean }) {
  const Icon = heard ? Volume2 : VolumeX;
  return (
    <Icon
      aria-hidden="true"
      className={cn('size-4 shrink-0', heard ? 'text-accent' : 'text-subtle')}
      data-heard={heard}
    />
  );
}

const toggleClasses = (on: boolean, tone: 'mute' | 'solo') =>
  cn(
    'grid size-8 shrink-0 cursor-pointer place-items-center rounded-md border font-mono text-sm font-semibold transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-40',
    on
      ? tone === 'solo'
        ? 'border-accent bg-accent text-accent-fg'
        : 'border-info bg-info text-surface'
      : 'border-border bg-surface-2 text-muted hover:border-border-strong hover:text-text',
  );

export function MixRow({ version, heard }: { version: TrackVersion; heard: boolean }) {
  return (
    <li className="flex items-start gap-3 bg-surface-2 px-3 py-2.5" data-testid="mix-row">
      {/* Where a stem has its Mute and Solo: the mix is heard or not by the Mix/Stems switch alone. */}
      <span aria-hidden="true" className="w-[4.25rem] shrink-0" />
      <div className="flex min-w-0 flex-1 items-start gap-2">
        <span className="pt-0.5">
          <Heard heard={heard} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <p className="font-medium break-words">
            Mix <span className="font-normal text-muted">· {version.label}</span>
          </p>
          <p className="text-xs text-muted">
            {audioDetails(version)} ·{' '}
            <span className="font-mono tabular-nums">
              {formatDuration(version.duration)} · {formatBytes(version.size)}
            </span>
          </p>
        </div>
      </div>
    </li>
  );
}

export function MixerStrip({
  name,
  inPlayer,
  heard,
  solo,
  mute,
  unplayable,
  onSolo,
  onMute,
  children,
}: {
  name: string;
  /** Among the stems playing now (at most 16 at once). */
  inPlayer: boolean;
  heard: boolean;
  solo: boolean;
  mute: boolean;
  /** The browser could not play its file. */
  unplayable: boolean;
  onSolo: () => void;
  onMute: () => void;
  children: ReactNode;
}) {
  const off = inPlayer ? undefined : 'Not among the stems playing now';
  return (
    <li className="flex items-start gap-3 px-3 py-2.5" data-testid="stem-row" data-stem={name}>
      <div className="flex shrink-0 items-center gap-1 pt-0.5">
        <button
          type="button"
          className={toggleClasses(mute, 'mute')}
          aria-pressed={mute}
          aria-label={`Mute ${name}`}
          title={off ?? 'Mute'}
          disabled={!inPlayer}
          onClick={onMute}
        >
          M
        </button>
        <button
          type="button"
          className={toggleClasses(solo, 'solo')}
          aria-pressed={solo}
          aria-label={`Solo ${name}`}
          title={off ?? 'Solo'}
          disabled={!inPlayer}
          onClick={onSolo}
        >
          S
        </button>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex min-w-0 items-start gap-2">
          <span className="pt-0.5">
            <Heard heard={heard} />
          </span>
          <div className="min-w-0 flex-1">{children}</div>
        </div>
        {unplayable && (
          <p className="text-xs text-warning">
            This browser cannot play this file; it is still in the package.
          </p>
        )}
      </div>
    </li>
  );
}

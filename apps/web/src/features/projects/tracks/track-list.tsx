// The running order: every track with its number, status, tempo, key and length. Editors reorder it with the
// Move up / Move down buttons (keyboard and screen readers) or by dragging a row by its handle.
import { musicalKeyLabel, type Track } from '@mixdesk/contract/media';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { formatDuration } from '../format';
import { reviewBadge } from '../reviews/review-labels';
import { TRACK_STATUS_LABEL, TRACK_STATUS_TONE } from './track-labels';

interface Props {
  tracks: Track[];
  selectedId: string | null;
  canEdit: boolean;
  onSelect: (trackId: string) => void;
  /** Moves a track to a new 0-based index. */
  onMove: (trackId: string, toIndex: number) => void;
}

export function TrackList({ tracks, selectedId, canEdit, onSelect, onMove }: Props) {
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);

  const onDragOver = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (!dragged) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    setDropIndex(event.clientY < box.top + box.height / 2 ? index : index + 1);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    if (dragged && dropIndex !== null) {
      const from = tracks.findIndex((t) => t._id === dragged);
      const to = dropIndex > from ? dropIndex - 1 : dropIndex;
      if (from >= 0 && to !== from) onMove(dragged, to);
    }
    setDragged(null);
    setDropIndex(null);
  };

  return (
    <ol aria-label="Running order" className="flex flex-col">
      {tracks.map((track, index) => {
        const selected = track._id === selectedId;
        return (
          <li
            key={track._id}
            draggable={canEdit}
            onDragStart={(event) => {
              setDragged(track._id);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', track._id);
            }}
            onDragEnd={() => {
              setDragged(null);
              setDropIndex(null);
            }}
            onDragOver={(event) => onDragOver(event, index)}
            onDrop={onDrop}
            className={cn(
              'group flex items-center gap-2 border-b border-l-2 border-b-border px-2 py-2 transition-colors',
              // No tinted background: the status badges keep their contrast on the card's own surface.
              selected ? 'border-l-accent' : 'border-l-transparent hover:border-l-border-strong',
              dragged === track._id && 'opacity-50',
              dropIndex === index && 'shadow-[inset_0_2px_0_var(--color-accent)]',
              dropIndex === index + 1 &&
                index === tracks.length - 1 &&
                'shadow-[inset_0_-2px_0_var(--color-accent)]',
            )}
          >
            {canEdit && (
              <GripVertical
                aria-hidden="true"
                className="size-4 shrink-0 cursor-grab text-subtle active:cursor-grabbing"
              />
            )}
            <span className="w-6 shrink-0 text-right font-mono text-sm text-muted tabular-nums">
              {track.position}
            </span>
            <button
              type="button"
              onClick={() => onSelect(track._id)}
              aria-current={selected ? 'true' : undefined}
              className="flex min-w-0 flex-1 cursor-pointer flex-col items-start gap-1 rounded-sm text-left"
            >
              <span className={cn('w-full truncate', selected ? 'font-semibold' : 'font-medium')}>
                {track.title}
              </span>
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
                <Badge tone={TRACK_STATUS_TONE[track.status]}>{TRACK_STATUS_LABEL[track.status]}</Badge>
                <ReviewBadge track={track} />
                {track.bpm !== null && <span className="font-mono tabular-nums">{track.bpm} BPM</span>}
                {track.musicalKey && <span>{musicalKeyLabel(track.musicalKey)}</span>}
                {track.isrc && <span className="font-mono max-sm:hidden">{track.isrc}</span>}
              </span>
            </button>
            <span className="shrink-0 font-mono text-sm text-muted tabular-nums">
              {track.currentVersion ? formatDuration(track.currentVersion.duration) : '–:––'}
            </span>
            {canEdit && (
              <span className="flex shrink-0 flex-col">
                <Button
                  size="icon"
                  variant="ghost"
                  className="h-5 w-7"
                  disabled={index === 0}
                  onClick={() => onMove(track._id, index - 1)}
                  aria-label={`Move ${track.title} up`}
                >
                  <ArrowUp aria-hidden="true" className="size-3.5" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  className="h-5 w-7"
                  disabled={index === tracks.length - 1}
                  onClick={() => onMove(track._id, index + 1)}
                  aria-label={`Move ${track.title} down`}
                >
                  <ArrowDown aria-hidden="true" className="size-3.5" />
                </Button>
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function ReviewBadge({ track }: { track: Track }) {
  const badge = reviewBadge(track.review);
  return badge && <Badge tone={badge.tone}>{badge.label}</Badge>;
}

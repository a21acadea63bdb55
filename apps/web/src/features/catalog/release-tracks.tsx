// A release's ordered track list: each track's disc and number, moved up and down with buttons (numbered
// again by place within its disc) or removed; the picker adds tracks from my projects at the end.
import { ChevronDown, ChevronUp, X } from 'lucide-react';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { moveRow, renumber, type TrackRow } from './release-model';
import { TrackPicker } from './track-picker';

interface Props {
  rows: TrackRow[];
  onChange: (rows: TrackRow[]) => void;
  errors: Record<string, string>;
}

export function ReleaseTracks({ rows, onChange, errors }: Props) {
  const chosen = new Set(rows.map((r) => r.trackId));
  const set = (index: number, patch: Partial<TrackRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const listError = errors.tracks;
  return (
    <section aria-labelledby="release-tracks" className="flex flex-col gap-2">
      <h2 id="release-tracks" className="text-base font-semibold">
        Tracks <span className="font-normal text-muted">({rows.length})</span>
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">No tracks yet: add them from your projects below.</p>
      ) : (
        <ol aria-label="Track list" className="flex flex-col gap-1.5">
          {rows.map((row, i) => {
            const rowError =
              errors[`tracks.${i}`] ??
              errors[`tracks.${i}.trackId`] ??
              errors[`tracks.${i}.disc`] ??
              errors[`tracks.${i}.number`];
            return (
              <li key={row.trackId} className="flex flex-col gap-1 rounded-md border border-border p-2">
                <div className="flex flex-wrap items-center gap-2">
                  <div className="flex min-w-0 flex-1 basis-40 flex-col">
                    <span className="font-medium break-words">{row.title}</span>
                    <span className="text-xs text-muted">{row.projectName}</span>
                  </div>
                  <label
                    htmlFor={`track-${row.trackId}-disc`}
                    className="flex shrink-0 items-center gap-1 text-xs text-muted"
                  >
                    Disc
                    <span className="w-14 shrink-0">
                      <Input
                        id={`track-${row.trackId}-disc`}
                        value={row.disc}
                        inputMode="numeric"
                        className="text-center tabular-nums"
                        aria-label={`Disc of ${row.title}`}
                        aria-invalid={errors[`tracks.${i}.disc`] ? true : undefined}
                        onChange={(e) => set(i, { disc: e.target.value })}
                      />
                    </span>
                  </label>
                  <label
                    htmlFor={`track-${row.trackId}-number`}
                    className="flex shrink-0 items-center gap-1 text-xs text-muted"
                  >
                    No.
                    <span className="w-14 shrink-0">
                      <Input
                        id={`track-${row.trackId}-number`}
                        value={row.number}
                        inputMode="numeric"
                        className="text-center tabular-nums"
                        aria-label={`Number of ${row.title}`}
                        aria-invalid={errors[`tracks.${i}.number`] ? true : undefined}
                        onChange={(e) => set(i, { number: e.target.value })}
                      />
                    </span>
                  </label>
                  <div className="flex gap-0.5">
                    <Button
                      size="icon"
                      variant="ghost"
                      disabled={i === 0}
                      aria-label={`Move ${row.title} up`}
                      onClick={() => onChange(renumber(moveRow(rows, i, i - 1)))}
                    >
                      <ChevronUp aria-hidden="true" />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      disabled={i === rows.length - 1}
                      aria-label={`Move ${row.title} down`}
                      onClick={() => onChange(renumber(moveRow(rows, i, i + 1)))}
                    >
                      <ChevronDown aria-hidden="true" />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Remove ${row.title} from the release`}
                      onClick={() => onChange(renumber(rows.filter((_, j) => j !== i)))}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                {rowError && <p className="text-xs text-danger">{rowError}</p>}
              </li>
            );
          })}
        </ol>
      )}
      {listError && <p className="text-sm text-danger">{listError}</p>}
      <TrackPicker
        chosen={chosen}
        onPick={(t) => onChange(renumber([...rows, { ...t, disc: rows.at(-1)?.disc ?? '1', number: '' }]))}
      />
    </section>
  );
}

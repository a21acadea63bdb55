// The uploads of a panel: each file's name and size, a progress bar driven by the bytes the server has
// acknowledged, how fast and how long is left, Pause, Resume and Cancel while it runs, and what became of it
// (uploaded, failed with the server's reason, cancelled).
import { Ban, CircleAlert, CircleCheck, Pause, Play, X } from 'lucide-react';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { formatBytes } from '../format';
import { uploadStatus } from './upload-status';
import type { UploadItem } from './use-upload-queue';

export function UploadList({
  items,
  onCancel,
  onDismiss,
  onPause,
  onResume,
}: {
  items: UploadItem[];
  onCancel: (id: number) => void;
  onDismiss: (id: number) => void;
  onPause?: (id: number) => void;
  onResume?: (id: number) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="flex flex-col gap-2">
      {items.map((item) => (
        <li
          key={item.id}
          className="flex flex-col gap-1.5 rounded-md border border-border bg-surface-2 px-3 py-2"
        >
          <div className="flex items-center gap-2 text-sm">
            {item.state === 'done' && (
              <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
            )}
            {item.state === 'failed' && (
              <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-danger" />
            )}
            {item.state === 'cancelled' && <Ban aria-hidden="true" className="size-4 shrink-0 text-subtle" />}
            <span className="min-w-0 flex-1 truncate font-medium" title={item.name}>
              {item.name}
            </span>
            <span className="hidden shrink-0 font-mono text-xs text-muted tabular-nums sm:inline">
              {formatBytes(item.size)}
            </span>
            {onPause && (item.state === 'uploading' || item.state === 'reconnecting') && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onPause(item.id)}
                aria-label={`Pause ${item.name}`}
              >
                <Pause aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Pause</span>
              </Button>
            )}
            {onResume && item.state === 'paused' && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onResume(item.id)}
                aria-label={`Resume ${item.name}`}
              >
                <Play aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Resume</span>
              </Button>
            )}
            {item.state === 'processing' ? null : ['uploading', 'waiting', 'paused', 'reconnecting'].includes(
                item.state,
              ) ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onCancel(item.id)}
                aria-label={`Cancel ${item.name}`}
              >
                Cancel
              </Button>
            ) : (
              <Button
                size="icon"
                variant="ghost"
                className="size-6"
                onClick={() => onDismiss(item.id)}
                aria-label={`Dismiss ${item.name}`}
              >
                <X aria-hidden="true" className="size-3.5" />
              </Button>
            )}
          </div>
          <Status item={item} />
        </li>
      ))}
    </ul>
  );
}

const TONE_BAR = { progress: 'bg-accent', success: 'bg-success', danger: 'bg-danger', muted: 'bg-subtle' };

function Status({ item }: { item: UploadItem }) {
  const status = uploadStatus(item);
  if (status.percent === null) {
    // Failed or cancelled: no bar frozen part-way, just what happened (and why) in words.
    return (
      <p
        role={status.tone === 'danger' ? 'alert' : undefined}
        className={cn('text-xs', status.tone === 'danger' ? 'text-danger' : 'text-muted')}
      >
        {status.text}
      </p>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={`Upload of ${item.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={status.percent}
        aria-valuetext={status.text}
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-surface-3"
      >
        <div
          className={cn('h-full rounded-full transition-[width]', TONE_BAR[status.tone])}
          style={{ width: `${status.percent}%` }}
        />
      </div>
      <span className="shrink-0 text-right font-mono text-xs whitespace-nowrap text-muted tabular-nums">
        {status.text}
      </span>
    </div>
  );
}

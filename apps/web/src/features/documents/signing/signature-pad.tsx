// The pad a signature is drawn on with a mouse, a pen or a finger: as wide as its column, a fixed shape, with
// a line to sign on and Clear. Touch on it draws instead of scrolling the page.
import { Eraser } from 'lucide-react';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import type { SignaturePadState } from './use-signature-pad';

interface Props {
  pad: SignaturePadState;
  /** The id given to the how-to line under the pad. */
  hintId: string;
  /** Ids of the texts that describe the pad (the hint, an error). */
  describedBy?: string;
  invalid?: boolean;
}

export function SignaturePad({ pad, hintId, describedBy, invalid }: Props) {
  return (
    <div className="flex flex-col gap-2">
      <div
        className={cn(
          'relative overflow-hidden rounded-md border bg-surface-2',
          invalid ? 'border-danger' : 'border-border-strong',
        )}
      >
        {/* The line to sign on, behind the ink. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-5 bottom-[26%] flex items-end gap-2"
        >
          <span className="text-lg leading-none text-subtle">×</span>
          <span className="flex-1 border-b border-dashed border-border-strong" />
        </div>
        {pad.empty && (
          <p
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 top-[30%] text-center text-sm text-subtle"
          >
            Sign here
          </p>
        )}
        <canvas
          ref={pad.canvasRef}
          role="img"
          aria-label={pad.empty ? 'Signature pad, empty' : 'Signature pad, with your signature'}
          aria-describedby={describedBy}
          className="relative block aspect-[5/2] w-full cursor-crosshair touch-none text-text select-none"
          {...pad.handlers}
        />
      </div>
      <div className="flex items-start justify-between gap-3">
        <p id={hintId} className="pt-1 text-xs text-muted">
          Use a mouse, a pen or your finger. Rather type it? Choose Type.
        </p>
        <Button variant="ghost" size="sm" onClick={pad.clear} disabled={pad.empty}>
          <Eraser aria-hidden="true" />
          Clear
        </Button>
      </div>
    </div>
  );
}

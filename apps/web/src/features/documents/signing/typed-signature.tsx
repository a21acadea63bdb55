// How a typed signature will look: the name in a handwriting-like face on a signing line. The PDF sets it in a
// sloped face; the browser's script faces (or its italic) stand in for it here.
// A one-off face: no other screen writes in a hand. Script faces where the system has one, an italic otherwise.
const SCRIPT_FACE = {
  fontFamily:
    '"Snell Roundhand", "Segoe Script", "Bradley Hand", "Apple Chancery", "URW Chancery L", "Z003", cursive',
  fontStyle: 'italic',
} as const;

export function TypedSignature({ name }: { name: string }) {
  const shown = name.trim();
  return (
    <div className="mt-3 flex flex-col gap-1">
      <p className="text-xs text-muted">Preview</p>
      <div className="flex min-h-24 items-end gap-2 rounded-md border border-border bg-surface-2 px-5 pt-4 pb-5">
        <span aria-hidden="true" className="text-lg leading-none text-subtle">
          ×
        </span>
        <p
          className="min-w-0 flex-1 truncate border-b border-dashed border-border-strong pb-1 text-3xl leading-tight"
          style={SCRIPT_FACE}
        >
          {shown || <span className="text-base text-subtle not-italic">Your name appears here</span>}
        </p>
      </div>
    </div>
  );
}

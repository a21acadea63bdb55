// An email address that may have to wrap on a phone: it breaks before its @ and its dots, where a reader expects
// a break. Each part keeps together (a break after a hyphen in it would read as a hyphenated word), unless one
// part alone is wider than the line. No contextual alternates: the font would draw the x of '3x3' as ×.
import { cn } from './cn';

export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={cn('[font-variant-ligatures:no-contextual]', className)}>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
        <span key={i} className="inline-block max-w-full wrap-anywhere">
          {part}
        </span>
      ))}
    </span>
  );
}

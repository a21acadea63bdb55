// A secret shown once (a share link's address, an API token, a webhook's signing secret): the server keeps
// only a hash of it or never answers it again, so this is the only moment it can be copied. A Copy button,
// the plain text to select where copying is refused, Done, and a line that says which happened.
import { Check, Copy } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Button } from './button';
import { Input } from './input';

type CopyState = 'idle' | 'copied' | 'refused';

export function CopyOnceField({
  label,
  value,
  what,
  onDone,
  children,
}: {
  /** The field's accessible name ("API token"). */
  label: string;
  value: string;
  /** What it is, in the status line: "the token is on your clipboard". */
  what: string;
  onDone: () => void;
  /** How to use it, shown under the field. */
  children?: ReactNode;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  const copyValue = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch (error) {
      // No clipboard (an insecure page, a browser that asks first): select it for the person to copy.
      console.warn(`Copying ${what} was refused`, error);
      input.current?.select();
      setCopy('refused');
    }
  };

  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <Input
          ref={input}
          id={id}
          value={value}
          readOnly
          spellCheck={false}
          className="font-mono text-sm sm:text-sm"
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className="flex gap-2">
          <Button variant="primary" className="flex-1 sm:flex-none" onClick={() => void copyValue()}>
            {copy === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copy === 'copied' ? 'Copied' : 'Copy'}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
      {children}
      <p role="status" className="text-sm text-muted empty:hidden">
        {copy === 'copied'
          ? `The ${what} is on your clipboard.`
          : copy === 'refused'
            ? `Your browser did not allow copying: the ${what} is selected, copy it with Ctrl+C (⌘C on a Mac).`
            : ''}
      </p>
    </>
  );
}

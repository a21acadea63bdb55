// SPEC §2: the strength meter with its five criteria and the labels Very Weak, Weak, Fair, Good, Strong. A
// password that zxcvbn finds easy to guess (a common one, all one character, a keyboard walk) is Very Weak
// whatever its criteria, as the server judges it (contract/password-policy): that module and its dictionary
// load when someone first types a new password, never with the first screen.
import { PASSWORD_MIN, passwordStrength } from '@mixdesk/contract/auth';
import type { judgePassword } from '@mixdesk/contract/password-policy';
import { Check, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from './cn';

type Judge = typeof judgePassword;

/** The shared judge once loaded (null until then: the criteria alone decide meanwhile). */
function useJudge(wanted: boolean): Judge | null {
  const [judge, setJudge] = useState<Judge | null>(null);
  useEffect(() => {
    if (!wanted || judge) return;
    let live = true;
    import('@mixdesk/contract/password-policy')
      .then((policy) => {
        if (live) setJudge(() => policy.judgePassword);
      })
      .catch(() => {
        // Offline or a failed chunk: the criteria still show, and the server still judges on submit.
      });
    return () => {
      live = false;
    };
  }, [wanted, judge]);
  return judge;
}

const CRITERIA = [
  ['length', `At least ${PASSWORD_MIN} characters`],
  ['lowercase', 'A lowercase letter'],
  ['uppercase', 'An uppercase letter'],
  ['digit', 'A number'],
  ['symbol', 'A symbol (e.g. ! ? # %)'],
] as const;

// Meter colour per score 0..5: red for the weak end, amber in the middle, green when strong.
const TONE = ['bg-danger', 'bg-danger', 'bg-danger', 'bg-warning', 'bg-success', 'bg-success'] as const;
const TEXT_TONE = [
  'text-danger',
  'text-danger',
  'text-danger',
  'text-warning',
  'text-success',
  'text-success',
] as const;

export function PasswordStrength({ password, id }: { password: string; id: string }) {
  const judge = useJudge(password.length > 0);
  const verdict = judge ? judge(password) : { ...passwordStrength(password), guessable: false };
  const { score, label, criteria, guessable } = verdict;
  return (
    <div id={id} className="flex flex-col gap-2 rounded-md border border-border bg-surface-2 px-3 py-2.5">
      <div className="flex items-center justify-between gap-3">
        <span className="text-xs text-muted">Password strength</span>
        <span className={cn('text-xs font-semibold', password ? TEXT_TONE[score] : 'text-muted')}>
          {label}
        </span>
      </div>
      <div className="grid grid-cols-5 gap-1" aria-hidden="true">
        {CRITERIA.map(([key], index) => (
          <span
            key={key}
            className={cn('h-1 rounded-full transition-colors', index < score ? TONE[score] : 'bg-surface-3')}
          />
        ))}
      </div>
      {guessable ? (
        <p className="text-xs text-danger">
          Too easy to guess: a common password, a repeated character or a keyboard pattern.
        </p>
      ) : null}
      <ul aria-label="Password requirements" className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {CRITERIA.map(([key, text]) => {
          const met = criteria[key] ?? false;
          return (
            <li
              key={key}
              className={cn('flex items-center gap-1.5 text-xs', met ? 'text-text' : 'text-muted')}
            >
              {met ? (
                <Check aria-hidden="true" className="size-3.5 shrink-0 text-success" strokeWidth={3} />
              ) : (
                <X aria-hidden="true" className="size-3.5 shrink-0 text-subtle" />
              )}
              {text}
              <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

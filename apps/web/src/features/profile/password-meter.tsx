// The password strength meter of SPEC §2 (five criteria; Very Weak, Weak, Fair, Good, Strong), from the shared rule
// in @mixdesk/contract/auth so it judges exactly as registration does.
import { passwordStrength } from '@mixdesk/contract/auth';
import { cn } from '../../ui/cn';

const TONE = ['bg-danger', 'bg-danger', 'bg-danger', 'bg-warning', 'bg-success', 'bg-success'] as const;
const TEXT = [
  'text-danger',
  'text-danger',
  'text-danger',
  'text-warning',
  'text-success',
  'text-success',
] as const;
const MISSING: Record<string, string> = {
  length: '8+ characters',
  lowercase: 'a lowercase letter',
  uppercase: 'an uppercase letter',
  digit: 'a number',
  symbol: 'a symbol',
};

export function PasswordMeter({ password, id }: { password: string; id: string }) {
  const { score, label, criteria } = passwordStrength(password);
  const missing = Object.entries(criteria)
    .filter(([, met]) => !met)
    .map(([key]) => MISSING[key]);
  return (
    <div id={id} className="flex flex-col gap-1.5">
      <div className="grid grid-cols-5 gap-1" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <span key={i} className={cn('h-1 rounded-full', i < score ? TONE[score] : 'bg-surface-3')} />
        ))}
      </div>
      <p className="text-xs text-muted">
        Strength: <span className={cn('font-semibold', password ? TEXT[score] : 'text-muted')}>{label}</span>
        {password && missing.length > 0 && <> · Add {missing.join(', ')}</>}
      </p>
    </div>
  );
}

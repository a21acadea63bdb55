import { type LoginInput, LoginSchema } from '@mixdesk/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { login } from './api';
import { authErrorMessage, fieldErrors } from './auth-error';
import { TwoFactorStep } from './two-factor-step';

// The dialog and its library (Radix Dialog) are not part of the sign-in screen's first load: they arrive when
// the pointer or focus reaches "Forgot password?", or on its first click (decision 012).
const loadForgotPasswordDialog = () => import('./forgot-password-dialog');
const ForgotPasswordDialog = lazy(() =>
  loadForgotPasswordDialog().then((m) => ({ default: m.ForgotPasswordDialog })),
);

type Errors = Partial<Record<keyof LoginInput, string>>;

interface Props {
  error: string | null;
  onError: (message: string | null) => void;
  /** Open the forgot-password form on arrival. */
  forgot?: boolean;
}

export function LoginForm({ error, onError, forgot = false }: Props) {
  const session = useSession();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [forgotOpen, setForgotOpen] = useState(forgot);
  // Mounted from the first opening on, so that closing it still animates.
  const [forgotMounted, setForgotMounted] = useState(forgot);
  const [challenge, setChallenge] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: login,
    // The /auth screen redirects as soon as the session has a user; two-factor accounts answer a code first.
    onSuccess: (data) => ('challenge' in data ? setChallenge(data.challenge) : session.signIn(data)),
    onError: (err) => {
      setErrors(fieldErrors(err));
      onError(authErrorMessage(err));
    },
  });

  const change = (field: keyof LoginInput) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onError(null);
    const next: Errors = {};
    if (!values.email.trim()) next.email = 'Email is required';
    if (!values.password) next.password = 'Password is required';
    setErrors(next);
    if (next.email || next.password) return;
    const parsed = LoginSchema.safeParse(values);
    if (!parsed.success) {
      setErrors({ email: parsed.error.issues.find((i) => i.path[0] === 'email')?.message });
      return;
    }
    mutation.mutate(parsed.data);
  };

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={session.signIn}
        onRestart={() => {
          setChallenge(null);
          setValues((v) => ({ ...v, password: '' }));
          onError(null);
        }}
      />
    );
  }

  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Email" error={errors.email}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={values.email}
              onChange={change('email')}
            />
          )}
        </Field>
        <Field label="Password" error={errors.password}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              required
              value={values.password}
              onChange={change('password')}
            />
          )}
        </Field>
        <div className="-mt-2 flex justify-end">
          <Button
            variant="link"
            size="inline"
            className="text-sm"
            onPointerEnter={loadForgotPasswordDialog}
            onFocus={loadForgotPasswordDialog}
            onClick={() => {
              setForgotMounted(true);
              setForgotOpen(true);
            }}
          >
            Forgot password?
          </Button>
        </div>
        {error && <Alert type="error">{error}</Alert>}
        <Button type="submit" variant="primary" size="lg" loading={mutation.isPending}>
          {mutation.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      {/* Outside the form: React events bubble through portals, and its submit must not submit the login. */}
      {forgotMounted && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} initialEmail={values.email} />
        </Suspense>
      )}
    </>
  );
}

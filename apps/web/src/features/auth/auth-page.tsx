// /auth (SPEC §2): Login and Register tabs, a footer link toggling between them; switching clears the error.
// With single sign-on set up (decision 045), "Continue with <provider>" above them; with password sign-in off,
// that button alone. A single sign-on the server refused comes back as ?error=<reason>, shown here.
import { lazy, Suspense, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { useAuthOptions } from './api';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';
import { authState, redirectTarget } from './redirect';
import { RegisterForm } from './register-form';

type Mode = 'login' | 'register';

// Single sign-on's parts are loaded with the options (api.ts), outside the first screen's JavaScript.
const SsoButton = lazy(() => import('./sso-button').then((m) => ({ default: m.SsoButton })));

export function AuthPage() {
  const session = useSession();
  const location = useLocation();
  const { options, loading } = useAuthOptions();
  const state = authState(location.state);
  const [mode, setMode] = useState<Mode>(state.mode === 'register' ? 'register' : 'login');
  const [error, setError] = useState<string | null>(null);
  const ssoError = new URLSearchParams(location.search).get('error');

  // Signed in already (or just now): back to where the visitor was heading.
  if (session.user) return <Navigate to={redirectTarget(location.state)} replace />;

  const switchTo = (next: Mode) => {
    setMode(next);
    setError(null);
  };
  const shown: Mode = options.passwordLogin ? mode : 'login';
  const title = shown === 'login' ? 'Sign in' : 'Create account';

  if (session.status === 'loading' || loading) {
    return (
      <AuthLayout title={title}>
        <div className="grid place-items-center py-10 text-muted">
          <Spinner size="lg" label="Loading" />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title}>
      <h1 className="mb-4 text-xl font-semibold tracking-tight">
        {shown === 'login' ? 'Sign in to Mixdesk' : 'Create your Mixdesk account'}
      </h1>
      {(options.sso || ssoError) && (
        <Suspense fallback={<div className={options.sso ? 'h-10' : undefined} />}>
          <SsoButton
            name={options.sso?.name ?? null}
            redirect={redirectTarget(location.state)}
            divider={options.passwordLogin}
            reason={ssoError}
          />
        </Suspense>
      )}
      {options.passwordLogin && (
        <>
          <Tabs value={mode} onValueChange={(value) => switchTo(value as Mode)}>
            <TabsList aria-label="Sign in or register" fullWidth>
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <TabsContent value="login" className="pt-5">
              <LoginForm error={error} onError={setError} forgot={state.forgot} />
            </TabsContent>
            <TabsContent value="register" className="pt-5">
              <RegisterForm error={error} onError={setError} />
            </TabsContent>
          </Tabs>
          <p className="mt-5 flex flex-wrap items-center justify-center gap-1.5 border-t border-border pt-4 text-sm text-muted">
            {mode === 'login' ? "Don't have an account?" : 'Already have an account?'}
            <Button
              variant="link"
              className="text-sm"
              onClick={() => switchTo(mode === 'login' ? 'register' : 'login')}
            >
              {mode === 'login' ? 'Register' : 'Login'}
            </Button>
          </p>
        </>
      )}
    </AuthLayout>
  );
}

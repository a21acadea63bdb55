// /auth (SPEC §2): Login and Register tabs, a footer link toggling between them; switching clears the error.
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';
import { authState, redirectTarget } from './redirect';
import { RegisterForm } from './register-form';

type Mode = 'login' | 'register';

export function AuthPage() {
  const session = useSession();
  const location = useLocation();
  const state = authState(location.state);
  const [mode, setMode] = useState<Mode>(state.mode === 'register' ? 'register' : 'login');
  const [error, setError] = useState<string | null>(null);

  // Signed in already (or just now): back to where the visitor was heading.
  if (session.user) return <Navigate to={redirectTarget(location.state)} replace />;

  const switchTo = (next: Mode) => {
    setMode(next);
    setError(null);
  };
  const title = mode === 'login' ? 'Sign in' : 'Create account';

  if (session.status === 'loading') {
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
        {mode === 'login' ? 'Sign in to Mixdesk' : 'Create your Mixdesk account'}
      </h1>
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
    </AuthLayout>
  );
}

import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser, useSignIn } from '../api/session';

export function SignInPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const next = (location.state as { from?: string } | null)?.from ?? '/designs';

  if (me.data) return <Navigate to={next} replace />;

  const fieldErrors = signIn.error instanceof ApiError ? signIn.error.fieldErrors : {};
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ username, password }, { onSuccess: () => navigate(next, { replace: true }) });
  };

  return (
    <section className="card narrow">
      <h2>Sign in</h2>
      <form onSubmit={onSubmit} noValidate>
        <label htmlFor="username">User name</label>
        <input
          id="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          aria-invalid={Boolean(fieldErrors.username)}
          aria-describedby={fieldErrors.username ? 'username-error' : undefined}
          required
        />
        {fieldErrors.username && <p className="field-error" id="username-error">{fieldErrors.username.join(' ')}</p>}
        <label htmlFor="password">Password</label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={Boolean(fieldErrors.password)}
          aria-describedby={fieldErrors.password ? 'password-error' : undefined}
          required
        />
        {fieldErrors.password && <p className="field-error" id="password-error">{fieldErrors.password.join(' ')}</p>}
        {(fieldErrors.non_field_errors || (signIn.error && !Object.keys(fieldErrors).length)) && (
          <p className="field-error" role="alert">
            {fieldErrors.non_field_errors?.join(' ') ?? signIn.error?.message}
          </p>
        )}
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </section>
  );
}

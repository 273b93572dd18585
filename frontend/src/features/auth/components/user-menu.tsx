import { Link, useNavigate } from 'react-router-dom';
import { useCurrentUser, useSignOut } from '../api/session';

export function UserMenu() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const signOut = useSignOut(() => navigate('/sign-in'));
  if (me.isPending) return null;
  if (!me.data) return <Link to="/sign-in">Sign in</Link>;
  const teams = me.data.teams.map((t) => `${t.name} (${t.role})`).join(', ');
  return (
    <span className="user-menu">
      <span data-testid="current-user">{me.data.username}</span>
      {teams && <span className="muted"> · {teams}</span>}
      <button
        type="button"
        className="link-button"
        onClick={() => signOut.mutate()}
      >
        Sign out
      </button>
    </span>
  );
}

import { NavLink, Outlet } from 'react-router-dom';
import { useCurrentUser } from '../features/auth/api/session';
import { UserMenu } from '../features/auth/components/user-menu';

export function AppLayout() {
  // The audit trail and the price books are for administrators (the API refuses others); so are their links.
  const user = useCurrentUser().data;
  const isStaff = user?.is_staff === true;
  // The proposal's cover carries the team's company name and logo: its members see the branding, managers change it.
  const team = user?.teams[0];
  return (
    <div className="app">
      <header className="app-header">
        {/* The application's name is the page's level-one heading; each page's title is a level two. */}
        <h1 className="brand-heading">
          <NavLink to="/" className="brand">
            DB Sizer
          </NavLink>
        </h1>
        <nav aria-label="Main">
          <NavLink to="/designs">Designs</NavLink>
          <NavLink to="/compare">Compare</NavLink>
          <NavLink to="/recommend">Recommend</NavLink>
          <NavLink to="/catalog">Catalog</NavLink>
          <NavLink to="/model">Model accuracy</NavLink>
          {user && <NavLink to="/imports">Measurements</NavLink>}
          {team && <NavLink to={`/teams/${team.slug}/branding`}>Branding</NavLink>}
          {isStaff && <NavLink to="/price-books">Price books</NavLink>}
          {isStaff && <NavLink to="/audit">Audit</NavLink>}
          <a href="/api/docs/">API docs</a>
        </nav>
        <UserMenu />
      </header>
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}

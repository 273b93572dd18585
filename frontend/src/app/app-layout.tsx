import { NavLink, Outlet } from 'react-router-dom';
import { useCurrentUser } from '../features/auth/api/session';
import { UserMenu } from '../features/auth/components/user-menu';

export function AppLayout() {
  // The audit trail and the price books are for administrators (the API refuses others); so are their links.
  const isStaff = useCurrentUser().data?.is_staff === true;
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
          <NavLink to="/catalog">Catalog</NavLink>
          <NavLink to="/model">Model accuracy</NavLink>
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

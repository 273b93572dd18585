import { Link, Outlet } from 'react-router-dom';

export function AppLayout() {
  return (
    <div className="app">
      <header className="app-header">
        <Link to="/" className="brand">
          DB Sizer
        </Link>
        <nav aria-label="Main">
          <a href="/api/docs/">API docs</a>
        </nav>
      </header>
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}

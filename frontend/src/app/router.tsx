import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AppLayout } from '../components/ui/app-layout';
import { HomePage } from './home-page';

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<HomePage />} />
          <Route path="*" element={<p role="alert">Page not found.</p>} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}

import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AppLayout } from './app-layout';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { HomePage } from './home-page';

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<HomePage />} />
          <Route path="sign-in" element={<SignInPage />} />
          <Route path="*" element={<p role="alert">Page not found.</p>} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}

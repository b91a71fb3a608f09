import { createBrowserRouter } from 'react-router';
import { AppLayout } from './shell/app-layout';
import { ErrorPage } from './shell/error-page';
import { RequireAdmin, RequireSignedIn } from './shell/route-guards';

// Each area is its own chunk, loaded when one of its pages is first opened.
const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) => ({
  lazy: async () => ({ Component: (await load())[name] as React.ComponentType }),
});

const staticPages = () => import('./features/static-pages/static-pages');
const authPages = () => import('./features/auth/auth-pages');
const adminPages = () => import('./features/admin/admin-pages');
const homePages = () => import('./features/home/home-pages');

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, ...page(staticPages, 'LandingPage') },
      { path: 'about', ...page(staticPages, 'AboutPage') },
      { path: 'our_start', ...page(staticPages, 'OurStartPage') },
      { path: 'team', ...page(staticPages, 'TeamPage') },
      { path: 'press', ...page(staticPages, 'PressPage') },
      { path: 'contact', ...page(staticPages, 'ContactPage') },
      { path: 'privacy', ...page(staticPages, 'PrivacyPage') },
      { path: 'terms', ...page(staticPages, 'TermsPage') },
      { path: 'users/login', ...page(authPages, 'SignInPage') },
      { path: 'invite-requests/new', ...page(authPages, 'SignUpPage') },
      { path: 'users/password/new', ...page(authPages, 'PasswordRequestPage') },
      { path: 'users/password/edit', ...page(authPages, 'PasswordResetPage') },
      {
        element: <RequireSignedIn />,
        children: [
          { path: 'home', ...page(homePages, 'HomePage') },
          { path: 'dashboard', ...page(homePages, 'HomePage') },
          { path: 'users/edit', ...page(authPages, 'AccountProfilePage') },
        ],
      },
      {
        path: 'admin',
        element: <RequireAdmin />,
        children: [
          { index: true, ...page(adminPages, 'AdminUsersPage') },
          { path: 'users', ...page(adminPages, 'AdminUsersPage') },
          { path: 'users/:id', ...page(adminPages, 'AdminUserPage') },
          { path: 'organizations', ...page(adminPages, 'AdminOrganizationsPage') },
          { path: 'organizations/:id', ...page(adminPages, 'AdminOrganizationPage') },
          { path: 'features', ...page(adminPages, 'AdminFeaturesPage') },
          { path: 'outbox', ...page(adminPages, 'AdminOutboxPage') },
        ],
      },
      { path: '*', ...page(staticPages, 'NotFoundPage') },
    ],
  },
]);

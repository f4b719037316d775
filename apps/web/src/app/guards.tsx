import { Navigate, Outlet } from 'react-router';
import { useSession } from '@/lib/sessao-context';

/** '/': to /Home when authenticated, else /login. (The session is read synchronously from storage.) */
export function RootRedirect() {
  const { usuario } = useSession();
  return <Navigate to={usuario ? '/Home' : '/login'} replace />;
}

/** Protected group: unauthenticated visitors go to the login page. */
export function RequireAuth() {
  const { usuario } = useSession();
  if (!usuario) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/**
 * Login and registration: an authenticated user is sent to /Home. A push, not a replace: right
 * after signing in, a replace would overwrite the /Home entry being pushed, and Back would leave
 * the portal; with a push, Back lands here again and comes straight back to /Home.
 */
export function RedirectIfAuthenticated() {
  const { usuario } = useSession();
  if (usuario) return <Navigate to="/Home" />;
  return <Outlet />;
}

/**
 * The back office app at /console/ (docs/back-office.md "The back office app"): react-admin over the console API
 * (src/console/dataProvider.ts, src/console/authProvider.ts), in the browser's own history under /console (deep links
 * work: the worker answers every path below /console/ with this app). It shows:
 * - the sign-in page (src/console/LoginPage.tsx) while nobody is signed in, and the two-factor enrolment
 *   (src/console/EnrolPage.tsx) instead of everything else while the session can only enrol;
 * - the dashboard (name, role, site, the other sites' back offices) and every area of src/console/areas.ts the
 *   operator's role may use (src/console/visible.ts; upstream sites only the areas that exist there): the areas'
 *   react-admin resources, and their pages at /console/<path> with a menu entry each;
 * - live chat: the chat console at /console/chat/ for roles with `chat.read`, in built-in mode.
 * Desktop first; react-admin's layout folds the menu into a drawer on a phone.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { createBrowserRouter, Route, RouterProvider } from 'react-router';
import { Admin, CustomRoutes, Layout, Menu, Resource } from 'react-admin';
import { MenuItem } from '@mui/material';
import ForumIcon from '@mui/icons-material/Forum';
import { roleMay } from '../../rules/console-roles';
import { CONSOLE_AREAS } from './areas';
import { authProvider, refreshMe } from './authProvider';
import { dataProvider } from './dataProvider';
import { Dashboard } from './Dashboard';
import { EnrolPage } from './EnrolPage';
import { LoginPage } from './LoginPage';
import { currentMe, useMe } from './session';
import { visibleAreas } from './visible';

/** The path the app lives under (the worker serves it for every path below). */
export const CONSOLE_BASENAME = '/console';

/** The menu: dashboard, the visible areas' resources, their pages, and live chat. */
function ConsoleMenu() {
  const me = useMe();
  const pages = visibleAreas(CONSOLE_AREAS, me?.role, Boolean(me?.upstream)).flatMap((area) => area.pages ?? []);
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      {pages.map((page) => <Menu.Item key={page.path} to={`/${page.path}`} primaryText={page.label} />)}
      {me && !me.upstream && roleMay(me.role, 'chat.read') && (
        <MenuItem component="a" href={`${CONSOLE_BASENAME}/chat/`}><ForumIcon fontSize="small" sx={{ mr: 2, color: 'action.active' }} />Live chat</MenuItem>
      )}
    </Menu>
  );
}

function ConsoleLayout({ children }: { children: ReactNode }) {
  return <Layout menu={ConsoleMenu}>{children}</Layout>;
}

/** react-admin with the areas the signed-in operator may use (asked again on every sign-in). */
function ConsoleAdmin() {
  return (
    <Admin
      dataProvider={dataProvider} authProvider={authProvider} loginPage={LoginPage} dashboard={Dashboard}
      layout={ConsoleLayout} title="Back office" requireAuth disableTelemetry
    >
      {(role: string | null) => {
        const areas = visibleAreas(CONSOLE_AREAS, role, Boolean(currentMe()?.upstream));
        return [
          ...areas.flatMap((area) => (area.resources ?? []).map((resource) => <Resource key={resource.name} {...resource} />)),
          <CustomRoutes key="pages">
            {areas.flatMap((area) => (area.pages ?? []).map((page) => <Route key={page.path} path={`/${page.path}/*`} element={page.element} />))}
          </CustomRoutes>,
        ];
      }}
    </Admin>
  );
}

const router = createBrowserRouter([{ path: '*', element: <ConsoleAdmin /> }], { basename: CONSOLE_BASENAME });

export function ConsoleApp() {
  const me = useMe();
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    refreshMe().catch(() => null).finally(() => setAsked(true));
  }, []);
  if (!asked) return null;
  if (me?.enrolRequired) return <EnrolPage />;
  return <RouterProvider router={router} />;
}

/**
 * The back office app at /console/ (docs/back-office.md "The back office app"): react-admin over the console API
 * (src/console/dataProvider.ts, src/console/authProvider.ts), in the browser's own history under /console (deep links
 * work: the worker answers every path below /console/ with this app). It shows:
 * - the sign-in page (src/console/LoginPage.tsx) while nobody is signed in, and the two-factor enrolment
 *   (src/console/EnrolPage.tsx) instead of everything else while the session can only enrol;
 * - the dashboard (name, role, site, the other sites' back offices) and every area of src/console/areas.ts the
 *   operator's role may use (src/console/visible.ts; upstream sites only the areas that exist there): the areas'
 *   react-admin resources, and their pages at /console/<path> with a menu entry each;
 * Desktop first; react-admin's layout folds the menu into a drawer on a phone.
 */
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { createBrowserRouter, Route, RouterProvider } from 'react-router';
import { Admin, CustomRoutes, Layout, LayoutClasses, Menu, Resource } from 'react-admin';
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

/** The menu: dashboard, the visible areas' resources and their pages (with a page's badge after its label). */
function ConsoleMenu() {
  const me = useMe();
  const pages = visibleAreas(CONSOLE_AREAS, me?.role, Boolean(me?.upstream)).flatMap((area) => area.pages ?? []);
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      {pages.map((page) => <Menu.Item key={page.path} to={`/${page.path}`} primaryText={page.badge ? <>{page.label}{page.badge}</> : page.label} />)}
    </Menu>
  );
}

/**
 * On a phone, react-admin's layout would grow to its widest content (its root has `min-width: fit-content`, and the
 * content column the flex items' automatic minimum): a wide table, or one long unbroken value in a cell, then widens
 * the whole page, which is zoomed out (taps land beside the buttons) and can even be laid out at a desktop breakpoint.
 * The page stays as wide as the screen instead: the content column never grows past it, and what is wider scrolls
 * sideways inside it.
 */
const PHONE_FIT = { minWidth: 0, [`& .${LayoutClasses.content}`]: { minWidth: 0, overflowX: 'auto' } } as const;

/** react-admin's layout with the menu above, and the visible areas' watchers (ConsoleArea.watch) on every page. */
function ConsoleLayout({ children }: { children: ReactNode }) {
  const me = useMe();
  const watchers = visibleAreas(CONSOLE_AREAS, me?.role, Boolean(me?.upstream)).flatMap((area) => (area.watch ? [<Fragment key={area.name}>{area.watch}</Fragment>] : []));
  return <Layout menu={ConsoleMenu} sx={PHONE_FIT}>{watchers}{children}</Layout>;
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

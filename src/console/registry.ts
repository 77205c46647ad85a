/**
 * The back office's areas (docs/back-office.md): each area of the React back office at /console/ (players, money,
 * content, settings, support, reports, audit…) declares its react-admin resources and pages here, with the
 * permission that shows it (rules/console-roles.ts; the server checks every call again) and whether it exists in
 * upstream mode (where the platform keeps players and money, docs/upstream-mode.md). The app (src/console/App.tsx)
 * renders every area of `src/console/areas.ts` the signed-in operator may use.
 *
 * Data conventions (src/console/dataProvider.ts maps react-admin to them; the worker answers in the /wps envelope):
 * - list: `GET /console/api/<resource>?page=1&perPage=25&sort=<field>&order=ASC|DESC&<filter>=<value>…` → value
 *   `{ items: T[], total: number }`; every item has an `id`.
 * - one: `GET /console/api/<resource>/<id>` → T; update: `PUT …/<id>` (partial body) → T; create: `POST
 *   /console/api/<resource>` → T; delete: `DELETE …/<id>` → `{ id }`.
 * - an action: `POST /console/api/<resource>/<id>/<action>` with a JSON body (usually `{ reason, … }`) → T, through
 *   `ConsoleDataProvider.action`; any other read: `ConsoleDataProvider.get(path, query)` → the envelope's value.
 * - every state change carries the session's `X-CSRF-Token`; a refusal is thrown as `ConsoleApiError` (errorCode,
 *   message, status) and shown as a notification.
 */
import type { ReactElement } from 'react';
import type { DataProvider, Identifier, ResourceProps } from 'react-admin';
import type { ConsolePermission } from '../../rules/console-roles';

/** A refusal of the console API: the envelope's `errorCode` and message, and the HTTP status. */
export class ConsoleApiError extends Error {
  constructor(readonly status: number, readonly errorCode: string, message: string, readonly value: unknown = null) {
    super(message);
    this.name = 'ConsoleApiError';
  }
}

/** react-admin's data provider plus the console's actions and plain reads. */
export interface ConsoleDataProvider extends DataProvider {
  /** `POST /console/api/<resource>/<id>/<action>` with `body` → `{ data: value }`. */
  action<T = unknown>(resource: string, id: Identifier, action: string, body?: unknown): Promise<{ data: T }>;
  /** `GET /console/api/<path>?<query>` → the envelope's value (`path` without the `/console/api/` prefix). */
  get<T = unknown>(path: string, query?: Record<string, string | number | undefined>): Promise<T>;
  /** `POST /console/api/<path>` with `body` → the envelope's value. */
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
}

/** One area of the back office. */
export interface ConsoleArea {
  /** Stable id, e.g. 'players'. */
  name: string;
  /** The permission an operator needs to see the area (the menu hides it otherwise). */
  permission: ConsolePermission;
  /** Whether the area exists in upstream mode (players, money and reports do not). */
  upstream: boolean;
  /** Its react-admin resources (list/show/edit/create views). */
  resources?: ResourceProps[];
  /**
   * Pages that are not a resource (a dashboard, a report), at `/console/<path>`, with their menu label and an
   * optional badge the menu shows after it (rendered while the menu is, e.g. Support's unread count).
   */
  pages?: { path: string; label: string; element: ReactElement; badge?: ReactElement }[];
  /**
   * Rendered once in the layout on every page while the operator may use the area (not only on its own pages):
   * e.g. Support's new-message sound and title count. Renders nothing visible itself.
   */
  watch?: ReactElement;
}

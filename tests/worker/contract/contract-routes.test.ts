import { describe, expect, it } from 'vitest';
import type { CallDef } from '../../../contract/call';
import { allCalls } from '../../../contract/index';
import { profileCalls } from '../../../contract/calls/profile';
import { contentCalls } from '../../../contract/calls/content';
import { lotteryCalls } from '../../../contract/calls/lottery';
import { CallRouter } from '../../../worker/api/call-router';
import { createApp } from '../../../worker/index';

/**
 * docs/design.md, Contracts: every route of the built-in API is declared from its call definition
 * (worker/api/call-router.ts), so each call of the contract must have a route in built-in mode — unless the call is
 * marked `upstreamOnly` (contract/call.ts), which then must have none. Read from the app's route table (method and
 * path of every handler), so no request runs and nothing is written.
 */

/** The built-in app's routes that answer one method at one path (no middleware, no catch-all such as `/*`). */
const ROUTES = createApp().routes.filter((route) => route.method !== 'ALL' && !route.path.includes('*'));

/** A route path (`/lgw/draw/:gameId`) as a pattern matching the concrete paths it serves. */
function pattern(path: string): RegExp {
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/:\w+/g, '[^/]+')}$`);
}

/** Whether the built-in app has a route for `call`'s method and path (path parameters filled with a sample). */
function routed(call: CallDef): boolean {
  const path = call.path.replace(/\{\w+\}/g, 'sample1');
  return ROUTES.some((route) => route.method === call.method && pattern(route.path).test(path));
}

describe('contract calls and built-in routes', () => {
  it('gives every contract call a route in built-in mode, unless it is marked upstream-only', () => {
    const missing = allCalls().filter((call) => call.upstreamOnly !== true && !routed(call)).map((call) => `${call.name}: ${call.method} ${call.path}`);
    expect(missing).toEqual([]);
  });

  it('has no built-in route for a call marked upstream-only (else the mark is stale)', () => {
    const stale = allCalls().filter((call) => call.upstreamOnly === true && routed(call)).map((call) => call.name);
    expect(stale).toEqual([]);
  });

  it('reads the route table it checks: a route that is no call is there, a made-up call is not', () => {
    expect(ROUTES.some((route) => route.method === 'POST' && route.path === '/wps/playdeck/payments/notify/:methodCode')).toBe(true);
    expect(routed({ ...profileCalls.headIcon, method: 'DELETE' })).toBe(false);
    expect(routed({ ...profileCalls.headIcon, path: '/wps/member/info/iconz' })).toBe(false);
  });
});

describe('CallRouter', () => {
  it("derives a call's route from its path below the router's prefix: path parameters as :name, the prefix itself as /", () => {
    expect(new CallRouter('/lgw').routePath(lotteryCalls.drawHistory)).toBe('/draw/:gameId');
    expect(new CallRouter('/lgw/orders').routePath(lotteryCalls.orderSearch)).toBe('/');
    expect(new CallRouter('/wps/member/info').routePath(profileCalls.headIcon)).toBe('/icon');
  });

  it('refuses a call outside its prefix and a multipart call on serve (its files are read by the handler: serveRaw)', () => {
    expect(() => new CallRouter('/wps/member').routePath(lotteryCalls.drawHistory)).toThrow(/not under \/wps\/member/);
    expect(() => new CallRouter('/wps/member/info/ic').routePath(profileCalls.headIcon)).toThrow(/not under/);
    expect(() => new CallRouter('/wps/playdeck').serve(contentCalls.promotionApply, (c) => {
      throw new Error(`not reached ${c.req.path}`);
    })).toThrow(/multipart/);
  });
});

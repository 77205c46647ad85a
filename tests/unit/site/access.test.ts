import { describe, expect, it } from 'vitest';
import { accessFor, redirectFor } from '../../../src/lib/access';
import { appStatus, statusNeedsReload } from '../../../src/lib/status';

// Rows quote player-shell §6 and accounts §6, §8.
describe('page access by member type', () => {
  it.each([
    ['session', null, 'login', 'visitor opens inbox, announcements, feedback or reward centre: redirect to /m/login'],
    ['session', 4, 'allow', 'a trial member may read announcements'],
    ['session', 0, 'allow', 'a member may'],
    ['real', null, 'login', 'a visitor opening the member area is sent to log in'],
    ['real', 4, 'free_reject', 'guest/free (type 4): the member centre shows the free_reject dialog'],
    ['real', 40, 'free_reject', 'types not 0, 1 or 2 are blocked from deposit'],
    ['real', 1, 'allow', 'real accounts 0, 1, 2'],
    ['real', 2, 'allow', 'real accounts 0, 1, 2'],
    ['sessionElseHome', null, 'home', 'change password without a session redirects to /m/home'],
    ['sessionElseHome', 4, 'allow', 'any session may change its password'],
  ] as const)('%s page, type %s → %s (%s)', (requirement, type, decision, _why) => {
    expect(accessFor(requirement, type)).toBe(decision);
  });
  it.each([
    ['login', '/m/login'], ['home', '/m/home'], ['allow', null], ['free_reject', null],
  ] as const)('%s goes to %s', (decision, target) => {
    expect(redirectFor(decision)).toBe(target);
  });
});

// Rows quote player-shell §4 App status: "0 normal, 1 maintenance (also when both maintenance and region
// restriction), 2 region-restricted only".
describe('app status from the status cache', () => {
  it.each([
    [false, false, 0],
    [true, false, 1],
    [true, true, 1],
    [false, true, 2],
  ])('maintenance %s, region restriction %s → %s', (maintenance, regionRestriction, code) => {
    expect(appStatus({ maintenance, regionRestriction })).toBe(code);
  });
  it.each([
    [{ maintenance: true, regionRestriction: false }, 'home', true],
    [{ maintenance: false, regionRestriction: true }, 'gameList', true],
    [{ maintenance: false, regionRestriction: false }, 'home', false],
    [{ maintenance: true, regionRestriction: false }, 'maintenance', false],
    [{ maintenance: false, regionRestriction: true }, 'restricted', false],
  ] as const)('%j on %s reloads for the gate page: %s', (status, route, reload) => {
    expect(statusNeedsReload(status, route)).toBe(reload);
  });
});

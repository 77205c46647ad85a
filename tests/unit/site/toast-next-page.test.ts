import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toast, NEXT_PAGE_TOAST_KEY, showPendingToast, toastOnNextPage } from '../../../src/stores/concepts/toast';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() { return data.size; },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => { data.delete(key); },
    setItem: (key, value) => { data.set(key, String(value)); },
  };
}

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
  $toast.set(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// platform-contract.md §1.5: on a logout answer the client "logs out, shows in_pls_login, goes to /m/login";
// the message has to survive the navigation to the login page.
describe('a toast kept for the next page', () => {
  it('is shown once on the next page, as an error', () => {
    toastOnNextPage('error.not_logged_in');
    expect(sessionStorage.getItem(NEXT_PAGE_TOAST_KEY)).toBe('error.not_logged_in');
    showPendingToast();
    expect($toast.get()).toMatchObject({ key: 'error.not_logged_in', kind: 'error' });
    $toast.set(null);
    showPendingToast();
    expect($toast.get()).toBeNull();
  });

  it('ignores a stored value that is not a message key', () => {
    sessionStorage.setItem(NEXT_PAGE_TOAST_KEY, '<img src=x onerror=alert(1)>');
    showPendingToast();
    expect($toast.get()).toBeNull();
    expect(sessionStorage.getItem(NEXT_PAGE_TOAST_KEY)).toBeNull();
  });
});

// docs/player-protection.md: a session ended by the player's own session time limit says so on the login page.
describe('a session the server ended', () => {
  it('tells the player it was their session time limit, else to log in again', async () => {
    const { sessionEndedByServer } = await import('../../../src/stores/concepts/session');
    const { resetEnvironment, setEnvironment } = await import('../../../src/stores/kit/environment');
    const navigate = vi.fn();
    vi.stubGlobal('location', { pathname: '/m/home' });
    setEnvironment({ navigate });
    sessionEndedByServer('session_time_limit');
    expect(sessionStorage.getItem(NEXT_PAGE_TOAST_KEY)).toBe('error.session_time_limit');
    expect(navigate).toHaveBeenCalledWith('/m/login');
    sessionEndedByServer('user.or.token.invalid');
    expect(sessionStorage.getItem(NEXT_PAGE_TOAST_KEY)).toBe('error.not_logged_in');
    resetEnvironment();
  });
});

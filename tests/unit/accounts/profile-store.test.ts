import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/api/profile', () => ({ updateNickname: vi.fn(), updateEmail: vi.fn(), updatePayeeName: vi.fn() }));
vi.mock('../../../src/stores/concepts/member', () => ({ refreshMember: vi.fn() }));
vi.mock('../../../src/stores/pages/security', () => ({ loadSecurity: vi.fn() }));

const api = await import('../../../src/api/profile');
const { refreshMember } = await import('../../../src/stores/concepts/member');
const { ApiRequestError } = await import('../../../src/api/client');
const { $profile, saveProfileField, setProfileField } = await import('../../../src/stores/pages/profile');

afterEach(() => vi.clearAllMocks());

// issue 13, Member centre: "profile edits through the member-info sub-paths (nickname, e-mail, payee name)".
describe('profile edits', () => {
  it('checks a field with the registration format before sending it', async () => {
    setProfileField('email', 'nope');
    await saveProfileField('email');
    expect($profile.get()).toMatchObject({ field: 'email', error: 'validation.email' });
    expect(api.updateEmail).not.toHaveBeenCalled();
  });

  it('saves the nickname, clears the field and reloads the member info', async () => {
    setProfileField('nickname', ' Lucky Ana ');
    await saveProfileField('nickname');
    expect(api.updateNickname).toHaveBeenCalledWith('Lucky Ana');
    expect($profile.get()).toMatchObject({ saved: true, field: 'nickname', error: null });
    expect($profile.get().values.nickname).toBe('');
    expect(refreshMember).toHaveBeenCalled();
  });

  it('says so when the payee name is already set', async () => {
    vi.mocked(api.updatePayeeName).mockRejectedValueOnce(new ApiRequestError(409, 'payee_locked', null));
    setProfileField('payeeName', 'Ana Cruz');
    await saveProfileField('payeeName');
    expect($profile.get()).toMatchObject({ field: 'payeeName', error: 'wallet.payeeLocked', saved: false });
  });
});

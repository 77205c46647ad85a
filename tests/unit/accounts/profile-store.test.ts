import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileForm } from '../../../src/stores/pages/profile';

vi.mock('../../../src/api/profile', () => ({ updateNickname: vi.fn(), updateEmail: vi.fn(), updatePayeeName: vi.fn() }));
vi.mock('../../../src/stores/concepts/member', () => ({ refreshMember: vi.fn() }));

const api = await import('../../../src/api/profile');
const { refreshMember } = await import('../../../src/stores/concepts/member');
const { ApiRequestError } = await import('../../../src/api/client');
const { profileForm } = await import('../../../src/stores/pages/profile');
const { createPage } = await import('../../../src/stores/kit/page');

afterEach(() => vi.clearAllMocks());

// issue 13, Member centre: "profile edits through the member-info sub-paths (nickname, e-mail, payee name)".
describe('profile edits', () => {
  // The form of a fresh visit of the security page per case (src/stores/kit/page.ts), left after it.
  const reloadSecurity = vi.fn(() => Promise.resolve());
  const open = createPage('member/security', (visit) => profileForm(visit, reloadSecurity));
  let profile: ProfileForm & { exit(): void };
  beforeEach(() => {
    profile = open();
  });
  afterEach(() => profile.exit());

  it('checks a field with the registration format before sending it', async () => {
    profile.setField('email', 'nope');
    await profile.save('email');
    expect(profile.$profile.get()).toMatchObject({ field: 'email', error: 'validation.email' });
    expect(api.updateEmail).not.toHaveBeenCalled();
  });

  it('saves the nickname, clears the field and reloads the member info', async () => {
    profile.setField('nickname', ' Lucky Ana ');
    await profile.save('nickname');
    expect(api.updateNickname).toHaveBeenCalledWith('Lucky Ana');
    expect(profile.$profile.get()).toMatchObject({ saved: true, field: 'nickname', error: null });
    expect(profile.$profile.get().values.nickname).toBe('');
    expect(refreshMember).toHaveBeenCalled();
  });

  it('says so when the payee name is already set', async () => {
    vi.mocked(api.updatePayeeName).mockRejectedValueOnce(new ApiRequestError(409, 'payee_locked', null));
    profile.setField('payeeName', 'Ana Cruz');
    await profile.save('payeeName');
    expect(profile.$profile.get()).toMatchObject({ field: 'payeeName', error: 'wallet.payeeLocked', saved: false });
  });

  it('reloads the security data after an e-mail change, and drops an answer that arrives after the page was left', async () => {
    profile.setField('email', 'ana@example.com');
    await profile.save('email');
    expect(reloadSecurity).toHaveBeenCalledTimes(1);
    let saved: () => void = () => undefined;
    vi.mocked(api.updateEmail).mockImplementationOnce(() => new Promise<void>((resolve) => { saved = resolve; }));
    profile.setField('email', 'cruz@example.com');
    const saving = profile.save('email');
    profile.exit();
    saved();
    await saving;
    expect(profile.$profile.get()).toMatchObject({ saving: 'email', saved: false });
    expect(reloadSecurity).toHaveBeenCalledTimes(1);
  });
});

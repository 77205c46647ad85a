import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/api/content', () => ({ getPromotions: vi.fn(), applyPromotion: vi.fn() }));

const { getPromotions, applyPromotion } = await import('../../../src/api/content');
const { ApiRequestError } = await import('../../../src/api/client');
const { $session } = await import('../../../src/stores/concepts/session');
const {
  $applyAccess, promotionApplyPage, promotionOf, promotionsFor, promotions,
} = await import('../../../src/stores/pages/promotionApply');
const { applyImageProblem, clampRemark, promotionStatusKey, remarkCounter } = await import('../../../rules/content');

const MB = 1024 * 1024;
const png = (name = 'a.png', size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const member = { token: 'tok-1', merchantCode: 'DEMO', userName: 'ann', type: 0, firstTimeLogin: false };
const trial = { token: 'tok-2', merchantCode: 'DEMO', userName: 'guest1', customerType: 4, firstTimeLogin: false };
const promo = (id: number, status = '', applicable = true) => ({ id, status, applicable, title: `P${id}` }) as never;

// A fresh visit of the promotion detail per case (src/stores/kit/page.ts), left after it.
let page: ReturnType<typeof promotionApplyPage>;
beforeEach(() => {
  $session.set(null);
  page = promotionApplyPage();
  page.open('?id=7');
  promotions.invalidate();
});
afterEach(() => {
  page.exit();
  vi.clearAllMocks();
});

// accounts §5 "Activity apply: remark up to 140 characters; images png or jpg, up to 5 MB each, at most 3".
describe('apply rules', () => {
  it.each([
    [{ type: 'image/png', size: 5 * MB }, 0, null],
    [{ type: 'image/jpeg', size: 10 }, 2, null],
    [{ type: 'image/png', size: 5 * MB + 1 }, 0, 'size'],
    [{ type: 'image/gif', size: 10 }, 0, 'type'],
    [{ type: '', size: 10 }, 0, 'type'],
    [{ type: 'image/png', size: 10 }, 3, 'count'],
  ] as const)('%j with %i picked → %s', (file, already, problem) => {
    expect(applyImageProblem(file, already)).toBe(problem);
  });
  it('counts the remark as n/140 and cuts a longer text at 140 characters', () => {
    expect(remarkCounter('')).toBe('0/140');
    expect(remarkCounter('😀ab')).toBe('3/140');
    expect([...clampRemark('😀'.repeat(150))].length).toBe(140);
    expect(clampRemark('short')).toBe('short');
  });
  it.each([['applying', 'promo.status.applying'], ['coming soon', 'promo.status.coming_soon'], ['close', 'promo.status.close'], ['', null], ['weird', null]])(
    'status %j has the label %s', (status, key) => expect(promotionStatusKey(status)).toBe(key),
  );
});

describe('promotion apply store', () => {
  it('reads the promotion the query names; a malformed id names none', () => {
    expect(page.$apply.get().promotionId).toBe(7);
    page.open('?id=7x');
    expect(page.$apply.get().promotionId).toBeNull();
    expect(promotionOf([promo(6), promo(7)], 7)).toMatchObject({ id: 7 });
    expect(promotionOf([promo(6)], 7)).toBeNull();
    expect(promotionOf(undefined, 7)).toBeNull();
  });

  it('asks a visitor to log in and refuses a trial account (free_reject) without calling the server', async () => {
    expect($applyAccess.get()).toBe('login');
    await page.submit();
    expect(page.$apply.get().error).toBe('error.not_logged_in');
    $session.set(trial);
    expect($applyAccess.get()).toBe('free_reject');
    await page.submit();
    expect(page.$apply.get().error).toBe('free_reject');
    expect(applyPromotion).not.toHaveBeenCalled();
  });

  it('keeps at most 3 png/jpg images of up to 5 MB, saying why one is refused', () => {
    page.addImages([png('1.png'), new File(['x'], 'x.gif', { type: 'image/gif' }), png('3.png')]);
    expect(page.$apply.get().images.map((f) => f.name)).toEqual(['1.png']);
    expect(page.$apply.get().error).toBe('promo.imageType');
    page.addImages([png('2.png', 5 * MB + 1)]);
    expect(page.$apply.get().error).toBe('promo.imageSize');
    page.addImages([png('2.png'), png('3.png'), png('4.png')]);
    expect(page.$apply.get().images.map((f) => f.name)).toEqual(['1.png', '2.png', '3.png']);
    expect(page.$apply.get().error).toBe('promo.imageCount');
    page.removeImage(0);
    expect(page.$apply.get()).toMatchObject({ error: null, images: [expect.objectContaining({ name: '2.png' }), expect.objectContaining({ name: '3.png' })] });
  });

  it('sends a member’s remark and images, then shows applying and reads the statuses again', async () => {
    $session.set(member);
    vi.mocked(getPromotions).mockResolvedValue([promo(7)]);
    const store = promotionsFor(member);
    const stop = store.listen(() => {});
    await vi.waitFor(() => expect(store.get().data).toHaveLength(1), { timeout: 5000 });
    page.setRemark(`  ${'r'.repeat(200)}`);
    expect([...page.$apply.get().remark].length).toBe(140);
    page.addImages([png()]);
    vi.mocked(applyPromotion).mockResolvedValue('applying');
    vi.mocked(getPromotions).mockResolvedValue([promo(7, 'applying')]);
    await page.submit();
    expect(applyPromotion).toHaveBeenCalledWith(7, 'r'.repeat(138), [expect.any(File)]);
    expect(page.$apply.get()).toMatchObject({ applied: true, remark: '', images: [], error: null, sending: false });
    await vi.waitFor(() => expect(store.get().data?.[0]?.status).toBe('applying'), { timeout: 5000 });
    stop();
  });

  it.each([
    ['image_invalid', 'promo.imageType'],
    ['image_too_large', 'promo.imageSize'],
    ['promotion_closed', 'promo.notOpen'],
    ['TOO_MANY_REQUEST', 'error.too_many_requests'],
    ['internal_error', 'error.internal_error'],
  ])('shows the server’s refusal %s as %s and keeps the form', async (code, key) => {
    $session.set(member);
    page.setRemark('hello');
    vi.mocked(applyPromotion).mockRejectedValue(new ApiRequestError(400, code, null));
    await page.submit();
    expect(page.$apply.get()).toMatchObject({ error: key, remark: 'hello', applied: false, sending: false });
  });

  it('treats already_applied as applied (the status comes from the server again)', async () => {
    $session.set(member);
    vi.mocked(applyPromotion).mockRejectedValue(new ApiRequestError(409, 'already_applied', null));
    await page.submit();
    expect(page.$apply.get().applied).toBe(true);
  });

  it('drops an answer that arrives after the page was left', async () => {
    $session.set(member);
    page.setRemark('hello');
    let answered: (v: never) => void = () => undefined;
    vi.mocked(applyPromotion).mockImplementationOnce(() => new Promise((resolve) => { answered = resolve; }));
    const sending = page.submit();
    page.exit();
    answered('applying' as never);
    await sending;
    expect(page.$apply.get()).toMatchObject({ applied: false, sending: true, remark: 'hello' });
  });
});

import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { createMember } from '../fixtures';
import { encodePng, bytesToBase64 } from '../../../worker/services/media/png';
import { imageSize } from '../../../worker/services/accounts/head-icon';
import { profileCalls } from '../../../contract/calls/profile';

async function png(width: number, height: number): Promise<Uint8Array> {
  return encodePng({ width, height, data: new Uint8Array(width * height * 3).fill(200) });
}

/** The smallest JPEG header this check reads: SOI, a JFIF APP0 segment, then SOF0 with the size. */
function jpegHeader(width: number, height: number): Uint8Array {
  return Uint8Array.of(
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
    0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
    0xff, 0xd9,
  );
}

function upload(token: string | undefined, icon: string) {
  return call<{ url: string }>('/wps/member/info/icon', {
    method: 'POST', ...(token ? { token } : {}),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ModuleId: 'PROFPIC3' },
    body: new URLSearchParams({ icon }).toString(),
  });
}

const dataUrl = (type: string, bytes: Uint8Array) => `data:${type};base64,${bytesToBase64(bytes)}`;

describe('head icon (issue 13, Member centre: PROFPIC3, png/jpg checked by content, stored in R2)', { timeout: 30_000 }, () => {
  it('reads the size of PNG and JPEG headers', async () => {
    expect(imageSize(await png(3, 2))).toEqual({ width: 3, height: 2 });
    expect(imageSize(jpegHeader(300, 200))).toEqual({ width: 300, height: 200 });
    expect(imageSize(Uint8Array.of(1, 2, 3))).toBeNull();
  });

  it('stores a png in the media bucket and answers its URL, shown by GET', async () => {
    const member = await createMember();
    expect(profileCalls.headIcon.value.parse((await call('/wps/member/info/icon', { token: member.token })).body.value)).toEqual({ url: null });
    const res = await upload(member.token, dataUrl('image/png', await png(256, 256)));
    expect(res.status).toBe(200);
    const { url } = profileCalls.setHeadIcon.value.parse(res.body.value);
    expect(url).toMatch(/^\/media\/avatar\/DEMO\/[0-9a-f]{64}\.png$/);
    expect((await call('/wps/member/info/icon', { token: member.token })).body.value).toEqual({ url });
    const stored = await env.MEDIA.get(url.slice('/media/'.length));
    expect(stored?.httpMetadata?.contentType).toBe('image/png');
    const served = await SELF.fetch(`http://127.0.0.1${url}`);
    expect([served.status, served.headers.get('Content-Type')]).toEqual([200, 'image/png']);
    await served.arrayBuffer();
  });

  it('decides the type by the bytes, and refuses other pictures, oversized ones and malformed bodies', async () => {
    const member = await createMember();
    const gif = Uint8Array.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', (ch) => ch.charCodeAt(0));
    const disguised = await upload(member.token, dataUrl('image/png', gif));
    expect([disguised.status, disguised.body.errorCode]).toEqual([400, 'image_invalid']);
    const jpegAsPng = await upload(member.token, dataUrl('image/png', jpegHeader(64, 64)));
    expect(jpegAsPng.status).toBe(200);
    expect(jpegAsPng.body.value.url).toMatch(/\.jpg$/);
    const huge = await upload(member.token, dataUrl('image/jpeg', jpegHeader(2000, 1500)));
    expect([huge.status, huge.body.errorCode]).toEqual([400, 'image_too_large']);
    const big = await upload(member.token, dataUrl('image/png', await png(600, 10)));
    expect(big.body.errorCode).toBe('image_too_large');
    const text = await upload(member.token, 'hello');
    expect([text.status, text.body.errorCode]).toEqual([400, 'request_param_err']);
  });

  it('refuses visitors (401) and trial accounts (free_reject)', async () => {
    const icon = dataUrl('image/png', await png(8, 8));
    expect((await upload(undefined, icon)).status).toBe(401);
    const trial = await createMember({ type: 4 });
    const refused = await upload(trial.token, icon);
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'free_reject']);
    expect((await call('/wps/member/info/icon', { token: trial.token })).body.errorCode).toBe('free_reject');
  });
});

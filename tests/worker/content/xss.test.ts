import { env } from 'cloudflare:test';
import { afterAll, describe, expect, it } from 'vitest';
import { contentCalls } from '../../../contract/calls/content';
import { conversationCalls } from '../../../contract/calls/conversations';
import type { AnnouncementGroups, HelpEntry } from '../../../contract/calls/content-schemas';
import { freeText, plainText, sanitizePlainText, sanitizeRich } from '../../../worker/model/rich-text';
import { sendMessageSql } from '../../../worker/db/queries/inbox';
import { call } from '../helpers';
import { callDef } from '../catalogue-helpers';
import { createMember } from '../fixtures';
import { importContent } from '../content-fixtures';
import { TEST_ANSWER, withTestCaptcha } from '../accounts-fixtures';
import { XSS_CORPUS, executableMarkup, spellsMarkupThroughEscapes } from './xss-check';

// Issue "The operator's content": an XSS payload corpus (tests/fixtures/xss-corpus.txt) through every rich-text and
// free-text path. Rich paths must answer inert HTML (checked by a real tokenizer, not by the sanitiser itself);
// text paths keep the text as typed but carry no markup that was markup in the input, and are served as JSON
// text (the pages show them as text: tests/e2e/content/xss.spec.ts).

const MERCHANT = 'DEMO2';
const HOST = 'play2.localhost';
const GROUP = 'g_xss';

/** Asserts no payload's output has executable markup; reports every failing payload at once. */
async function expectInert(outputs: readonly { payload: string; html: string }[]): Promise<void> {
  const failures: string[] = [];
  for (const { payload, html } of outputs) {
    const found = await executableMarkup(html);
    if (found.length > 0) failures.push(`${payload}\n  → ${html}\n  ✗ ${found.join(', ')}`);
  }
  expect(failures, failures.slice(0, 5).join('\n')).toEqual([]);
}

/** Text outputs: markup of the input never survives as markup (escaped spellings are text by design). */
async function expectNoMarkupSurvives(outputs: readonly { payload: string; text: string }[]): Promise<void> {
  await expectInert(outputs.filter((o) => !spellsMarkupThroughEscapes(o.payload)).map((o) => ({ payload: o.payload, html: o.text.replace(/&/g, '&amp;') })));
}

describe('the XSS corpus', () => {
  it('holds a few hundred payloads of the known vector families', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(300);
    for (const family of ['<script', 'onerror=', 'javascript:', 'data:text/html', 'vbscript:', '<svg', '<math', 'expression(', 'srcdoc', '<base', 'http-equiv="refresh"', '<template', '<noscript', '&#']) {
      expect(XSS_CORPUS.some((p) => p.includes(family)), family).toBe(true);
    }
  });

  it('the checker itself flags what executes and passes what is inert', async () => {
    expect(await executableMarkup('<img src=x onerror=__xss()>')).not.toEqual([]);
    expect(await executableMarkup('<a href="&#106;avascript:__xss()">x</a>')).not.toEqual([]);
    expect(await executableMarkup('<a href="java\tscript:x">x</a>')).not.toEqual([]);
    expect(await executableMarkup('<svg><a>x</a></svg>')).not.toEqual([]);
    expect(await executableMarkup('<p>Hi <a href="https://e.com" target="_blank" rel="noopener noreferrer">ok</a> <img src="/media/content/D/a.png" alt="x"></p>')).toEqual([]);
  });
});

describe('rich-text paths answer inert HTML for every payload', () => {
  afterAll(async () => {
    await env.DB.prepare(`DELETE FROM announcements WHERE merchant_code = ? AND slug LIKE 'xss-%'`).bind(MERCHANT).run();
    await env.DB.prepare(`DELETE FROM help_entries WHERE merchant_code = ? AND slug LIKE 'xss-%'`).bind(MERCHANT).run();
  });

  it('sanitizeRich (operator content on the way in and out)', async () => {
    await expectInert(XSS_CORPUS.map((payload) => ({ payload, html: sanitizeRich(payload) })));
    // Sanitising is stable: a second pass changes nothing, so the way-out pass cannot re-open anything.
    for (const payload of XSS_CORPUS) expect(sanitizeRich(sanitizeRich(payload))).toBe(sanitizeRich(payload));
  });

  it('content import → announcement list (notices, banners, popups, promotions): content inert, titles plain', async () => {
    const now = Date.now();
    // Groups of 100 (the list answers at most 200 a call).
    const groupOf = (i: number) => `${GROUP}${Math.floor(i / 100)}`;
    await importContent(MERCHANT, {
      announcements: XSS_CORPUS.map((payload, i) => ({
        slug: `xss-${i}`, type: (['A', 'B', 'PU', 'PR'] as const)[i % 4], title: payload.slice(0, 200), content: payload, label: payload.slice(0, 40),
        groupName: groupOf(i), execution: 'B', startDate: now - 60_000,
      })),
    });
    const items = [];
    for (const group of new Set(XSS_CORPUS.map((_, i) => groupOf(i)))) {
      const { status, body } = await call<AnnouncementGroups>(`http://${HOST}${contentCalls.announcementList.path}?types=A,B,PU,PR&platform=M&groupName=${group}&token=`);
      expect(status).toBe(200);
      items.push(...body.value.player, ...body.value.banners, ...body.value.popup, ...body.value.promotion);
    }
    expect(items.length).toBe(XSS_CORPUS.length);
    const bySlug = new Map(XSS_CORPUS.map((payload) => [payload.slice(0, 200), payload]));
    await expectInert(items.map((item) => ({ payload: bySlug.get(item.title) ?? item.title, html: item.content })));
    await expectNoMarkupSurvives(items.map((item) => ({ payload: item.title, text: item.title })));
  });

  it('content import → help centre: content inert', async () => {
    await importContent(MERCHANT, {
      help: XSS_CORPUS.map((payload, i) => ({ language: 'EN', slug: `xss-${i}`, tag: `xss${i}`, title: payload.slice(0, 200), content: payload, order: 1000 + i })),
    });
    const { body } = await call<HelpEntry[]>(`http://${HOST}${contentCalls.helpCentre.path}?device=MOBILE&lang=EN`);
    const entries = body.value.filter((e) => e.tag.startsWith('xss'));
    expect(entries.length).toBe(XSS_CORPUS.length);
    await expectInert(entries.map((e) => ({ payload: XSS_CORPUS[Number(e.tag.slice(3))] ?? '', html: e.content })));
  });

  it('inbox: an operator message written by any tool opens as inert HTML', async () => {
    const me = await createMember();
    await env.DB.batch(XSS_CORPUS.map((payload, i) => {
      const { sql, params } = sendMessageSql({ merchantCode: 'DEMO', audience: { kind: 'member', username: me.username }, messageKey: `xss-${me.memberId}-${i}`, title: 't', content: payload }, Date.now());
      return env.DB.prepare(sql).bind(...params);
    }));
    const { body } = await callDef(conversationCalls.inboxList, 'pageNo=1&pageSize=50', { token: me.token });
    expect(body.value.total).toBe(XSS_CORPUS.length);
    const outputs: { payload: string; html: string }[] = [];
    // Every 7th message (about 55, spread over every family): each open is a request of its own.
    const ids = new Map<string, number>();
    for (let page = 1; page <= body.value.totalPages; page += 1) {
      const listed = await callDef(conversationCalls.inboxList, `pageNo=${page}&pageSize=50`, { token: me.token });
      for (const item of listed.body.value.list) ids.set(String(item.id), Number(item.id));
    }
    const chosen = [...ids.values()].filter((_, i) => i % 7 === 0);
    for (const id of chosen) {
      const opened = await callDef(conversationCalls.inboxDetail, `id=${id}`, { token: me.token });
      outputs.push({ payload: `inbox #${id}`, html: opened.body.value.content });
    }
    expect(outputs.length).toBeGreaterThan(40);
    await expectInert(outputs);
  }, 60_000);
});

describe('free-text paths keep text as text', () => {
  it('chat messages (sanitizePlainText): no markup of the input survives', async () => {
    await expectNoMarkupSurvives(XSS_CORPUS.map((payload) => ({ payload, text: sanitizePlainText(payload) })));
  });

  it('titles and labels (plainText): no markup of the input survives', async () => {
    await expectNoMarkupSurvives(XSS_CORPUS.map((payload) => ({ payload, text: plainText(payload) })));
  });

  it('feedback: stored as the text typed, answered as JSON without echoing it', async () => {
    const member = await createMember();
    // Five a member an hour (services/rate-limit.ts FEEDBACK_PER_MEMBER): one payload from each part of the corpus.
    const samples = XSS_CORPUS.filter((_, i) => i % 77 === 0).slice(0, 5);
    for (const payload of samples) {
      const content = `Feedback text: ${payload}`.slice(0, 200);
      const answer = await call(contentCalls.feedback.path, { method: 'PUT', token: member.token, env: withTestCaptcha, json: { content, type: 0, captcha: TEST_ANSWER } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Content-Type')).toContain('application/json');
      expect(JSON.stringify(answer.body)).not.toContain(payload.slice(0, 30));
    }
    const { results } = await env.DB.prepare(`SELECT content FROM feedback WHERE member_id = ? ORDER BY id`).bind(member.memberId).all<{ content: string }>();
    expect(results.map((r) => r.content)).toEqual(samples.map((p) => freeText(`Feedback text: ${p}`.slice(0, 200))));
  });

  it('promotion remark and feedback (freeText) keep the text as typed, adding nothing', () => {
    for (const payload of XSS_CORPUS) {
      const kept = freeText(payload);
      // eslint-disable-next-line no-control-regex
      expect(kept).toBe(payload.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim());
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  bannerTarget, embedUrl, feedbackCounter, feedbackProblem, feedbackSubmitDisabled, hasNewPopups, linkTarget, marqueeItems,
  popupRecords, selectPopups,
} from '../../../rules/content';

const EMBED = '?autoplay=0&rel=0&enablejsapi=1&modestbranding=1&html5=1';

describe('embed URL: "watch URLs are converted to embed URLs with autoplay off, related off, api 1, modest branding 1, html5 1"', () => {
  it.each([
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', `https://www.youtube.com/embed/aqz-KE-bpKQ${EMBED}`],
    ['https://m.youtube.com/watch?v=aqz-KE-bpKQ&t=10', `https://www.youtube.com/embed/aqz-KE-bpKQ${EMBED}`],
    ['https://youtu.be/aqz-KE-bpKQ', `https://www.youtube.com/embed/aqz-KE-bpKQ${EMBED}`],
    ['https://www.youtube.com/shorts/aqz-KE-bpKQ', `https://www.youtube.com/embed/aqz-KE-bpKQ${EMBED}`],
    ['https://www.youtube.com/embed/aqz-KE-bpKQ?autoplay=1', `https://www.youtube.com/embed/aqz-KE-bpKQ${EMBED}`],
    ['https://vimeo.com/123', null],
    ['javascript:alert(1)', null],
    ['https://www.youtube.com/watch?v="><script>', null],
  ])('%s → %s', (url, embed) => expect(embedUrl(url)).toBe(embed));
});

describe('marquee: "a scrolling marquee of announcement titles; with none it shows a \'no announcement\' text"', () => {
  it.each([
    [[{ title: 'A' }, { title: 'B' }], [{ text: 'A', index: 0 }, { text: 'B', index: 1 }]],
    [[{ title: ' ' }, { title: 'B' }], [{ text: 'B', index: 1 }]],
    [[], [{ text: 'No announcement', index: null }]],
  ])('%j', (notices, items) => expect(marqueeItems(notices, 'No announcement')).toEqual(items));
});

describe('linkage routing: "links beginning with http open externally, others route inside the product"', () => {
  it.each([
    [{ linkageType: 'P', linkage: '12' }, { kind: 'internal', href: '/m/activityDetail?id=12' }],
    [{ linkageType: 'URL', linkage: 'https://example.com/x' }, { kind: 'external', href: 'https://example.com/x' }],
    [{ linkageType: 'URL', linkage: '/m/lottery' }, { kind: 'internal', href: '/m/lottery' }],
    [{ linkageType: 'URL', linkage: '//evil.example' }, { kind: 'none' }],
    [{ linkageType: 'URL', linkage: 'javascript:alert(1)' }, { kind: 'none' }],
    [{ linkageType: 'G', linkage: '', nodeId: 5, gameType: 'RNG', vendor: 'PG', roomId: '1' }, { kind: 'game', nodeId: 5, gameType: 'RNG', vendor: 'PG', roomId: '1' }],
    [{ linkageType: 'G', linkage: '' }, { kind: 'none' }],
    [{ linkageType: '', linkage: '' }, { kind: 'none' }],
  ] as const)('%j → %j', (banner, target) => expect(bannerTarget(banner)).toEqual(target));
  it('treats a rich-content link the same way', () => {
    expect(linkTarget('http://x.example')).toEqual({ kind: 'external', href: 'http://x.example' });
    expect(linkTarget('/m/help?tag=deposit')).toEqual({ kind: 'internal', href: '/m/help?tag=deposit' });
  });
});

describe('popup selection: "type is A for a logged-in session, else B … for A, those with execution F also show on the first login"', () => {
  const popups = [{ id: 1, execution: 'A' }, { id: 2, execution: 'B' }, { id: 3, execution: 'F' }] as const;
  it.each([
    ['a guest sees B', { loggedIn: false, firstTimeLogin: false }, [2]],
    ['a guest never sees F', { loggedIn: false, firstTimeLogin: true }, [2]],
    ['a member sees A', { loggedIn: true, firstTimeLogin: false }, [1]],
    ['a member on the first login sees A and F', { loggedIn: true, firstTimeLogin: true }, [1, 3]],
  ])('%s', (_, session, ids) => expect(selectPopups(popups, session).map((p) => p.id)).toEqual(ids));
});

describe('stored popup list: "the stored title+content list is compared with the new list; if anything is new the show flag is reset"', () => {
  const a = { title: 'A', content: '<p>a</p>' };
  const b = { title: 'B', content: '<p>b</p>' };
  it('stores title,content strings', () => expect(popupRecords([a, b])).toEqual(['A,<p>a</p>', 'B,<p>b</p>']));
  it.each([
    ['the same list', [a, b], [a, b], false],
    ['a removed popup', [a, b], [a], false],
    ['an added popup', [a], [a, b], true],
    ['an edited content', [a], [{ ...a, content: '<p>changed</p>' }], true],
    ['nothing stored yet', [], [a], true],
  ])('%s → new: %s', (_, stored, next, isNew) => expect(hasNewPopups(popupRecords(stored), popupRecords(next))).toBe(isNew));
});

describe('feedback rules: "content 20 to 200 characters (the counter reads n/200); disabled only when the text is empty"', () => {
  it.each([
    ['', '0/200', 'short', true],
    ['short', '5/200', 'short', false],
    ['x'.repeat(20), '20/200', null, false],
    ['x'.repeat(200), '200/200', null, false],
    ['x'.repeat(201), '201/200', 'long', false],
    [`  ${'x'.repeat(19)}  `, '23/200', 'short', false],
  ])('%j → %s, %s, disabled %s', (text, counter, problem, disabled) => {
    expect(feedbackCounter(text)).toBe(counter);
    expect(feedbackProblem(text)).toBe(problem);
    expect(feedbackSubmitDisabled(text)).toBe(disabled);
  });
});

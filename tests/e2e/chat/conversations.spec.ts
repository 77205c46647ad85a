import { spawnSync } from 'node:child_process';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { E2E_STATE } from '../../../playwright.config';
import { registerPlayer, watchForPageErrors } from '../players';
import { expectNoSeriousA11yViolations } from '../a11y';
import { expectLanguage, inLanguage, LANGUAGES, text } from '../languages';

/**
 * Conversations end to end in built-in mode (accounts §2 Message centre, /m/webEmail, live chat): a new player
 * finds the welcome message and its badge, opens live chat and writes; a support agent answers from the operator
 * console in a second browser context; the player sees the reply and the badge clears after reading.
 * The console account is created with the operator script, so this spec writes to the database from outside.
 */
const AGENT = `agent${Date.now().toString(36)}`;
const AGENT_PASSWORD = 'console-pass-2026';

test.beforeAll(() => {
  const result = spawnSync('node', ['scripts/operator.ts', 'console-operator', 'DEMO', AGENT, 'Ann from support'], {
    encoding: 'utf8',
    env: { ...process.env, PLAYDECK_STATE: E2E_STATE, CONSOLE_PASSWORD: AGENT_PASSWORD },
  });
  expect(result.status, result.stderr + result.stdout).toBe(0);
});

/** The support agent signed in to the console in a browser context of their own, with the player's conversation open. */
async function agentConsole(browser: Browser, playerName: string): Promise<{ agentContext: BrowserContext; agent: Page }> {
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await agent.goto('/console/chat/');
  await agent.getByLabel('Username').fill(AGENT);
  await agent.getByLabel('Password').fill(AGENT_PASSWORD);
  await agent.getByRole('button', { name: 'Sign in' }).click();
  await agent.getByRole('button', { name: new RegExp(playerName) }).click();
  return { agentContext, agent };
}

const rowBadge = (page: Page, label: string) => page.locator('.link-list li', { hasText: label }).locator('.unread-badge');

test('welcome message, live chat answered from the console, badges follow', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const problems = watchForPageErrors(page);
  const player = await registerPlayer(page);

  // The frame's customer-service entry shows the welcome message as unread.
  await expect(page.locator('.footer-menu .unread-badge')).toHaveText('1');
  await page.goto('/m/message');
  await expect(rowBadge(page, 'Inbox')).toHaveText('1');
  await page.getByRole('link', { name: /Inbox/ }).click();
  await page.waitForURL('**/m/webEmail');
  await page.getByRole('button', { name: /Welcome!/ }).click();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  await expect(page.locator('.rich-text')).toContainText('Thank you for joining us');
  await page.getByRole('button', { name: 'Back to messages' }).click();
  await expect(page.locator('.inbox-list li.read')).toHaveCount(1);

  // Live chat: please wait, then the chat page; the player writes.
  await page.goto('/m/message');
  await expect(rowBadge(page, 'Inbox')).toHaveCount(0);
  await page.getByRole('button', { name: /Live chat/ }).click();
  await expect(page.getByText('Please wait…')).toBeVisible();
  await page.waitForURL('**/m/liveChat?*');
  await page.getByPlaceholder('Type a message').fill('Hello, where is my bonus?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('.chat-line.player')).toContainText('Hello, where is my bonus?');
  await expect(page.locator('.chat-line.player .chat-receipt')).toContainText('Delivered');
  const chatUrl = page.url();
  await page.goto('/m/message');

  // A support agent answers from the console, in a browser context of their own.
  const { agentContext, agent } = await agentConsole(browser, player.username);
  await expect(agent.locator('#messages')).toContainText('Hello, where is my bonus?');
  await agent.getByLabel('Answer').fill('Hi! It is in your wallet now.');
  await agent.getByRole('button', { name: 'Send' }).click();
  await expect(agent.locator('#messages li.agent')).toContainText('Hi! It is in your wallet now.');

  // The player's live-chat badge shows the reply without a reload, and clears once the chat is read.
  await expect(rowBadge(page, 'Live chat')).toHaveText('1', { timeout: 40_000 });
  await expect(page.locator('.footer-menu .unread-badge')).toHaveText('1');
  await page.goto(chatUrl);
  await expect(page.locator('.chat-line.agent')).toContainText('Hi! It is in your wallet now.');
  await expect(page.locator('.chat-line.agent .chat-author')).toHaveText('Ann from support');
  await expect(agent.locator('#messages')).toContainText('Hello, where is my bonus?');
  await page.goto('/m/message');
  await expect(page.getByRole('button', { name: /Live chat/ })).toBeVisible();
  await expect(rowBadge(page, 'Live chat')).toHaveCount(0);
  await expect(page.locator('.footer-menu .unread-badge')).toHaveCount(0);
  await agentContext.close();
  expect(problems).toEqual([]);
});

test('a conversation the agent closes shows the player a closed notice instead of the composer, and a way to a new chat', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const problems = watchForPageErrors(page);
  const player = await registerPlayer(page);
  await page.goto('/m/message');
  await page.getByRole('button', { name: /Live chat/ }).click();
  await page.waitForURL('**/m/liveChat?*');
  await page.getByPlaceholder('Type a message').fill('Thanks, that is all.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('.chat-line.player .chat-receipt')).toContainText('Delivered');
  const first = new URL(page.url()).searchParams.get('c');

  const { agentContext, agent } = await agentConsole(browser, player.username);
  await expect(agent.locator('#messages')).toContainText('Thanks, that is all.');
  await agent.getByRole('button', { name: 'Close conversation' }).click();

  // The player's page: no message box, no Send, the closed notice and "Start a new chat".
  await expect(page.getByText('This conversation has ended.')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.chat-form')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'closed conversation');
  await page.getByRole('button', { name: 'Start a new chat' }).click();
  await page.waitForURL((url) => url.pathname === '/m/liveChat' && url.searchParams.get('c') !== first);
  await expect(page.getByPlaceholder('Type a message')).toBeEnabled();
  await agentContext.close();
  expect(problems).toEqual([]);
});

for (const lang of LANGUAGES) {
  test(`"Mark all as read" clears every page of the inbox, not only the one on screen (${lang})`, async ({ page }) => {
    test.setTimeout(150_000);
    const problems = watchForPageErrors(page);
    const player = await registerPlayer(page);
    // Eleven messages and the welcome one: two pages of ten.
    for (let i = 1; i <= 11; i++) {
      const result = spawnSync('node', ['scripts/operator.ts', 'message', 'DEMO', `member:${player.username}`, `mark-all-${player.username}-${i}`, `Notice ${i}`, `<p>Notice ${i}</p>`], {
        encoding: 'utf8', env: { ...process.env, PLAYDECK_STATE: E2E_STATE },
      });
      expect(result.status, result.stderr + result.stdout).toBe(0);
    }
    await page.goto(inLanguage('/m/webEmail', lang));
    await expectLanguage(page, lang);
    const pages = page.getByRole('navigation', { name: text(lang, 'inbox.pages') });
    const markAll = page.getByRole('button', { name: text(lang, 'inbox.markAllRead') });
    await expect(page.locator('.inbox-list li.unread')).toHaveCount(10);
    await expect(pages).toContainText('1 / 2');
    await markAll.click();
    await expect(page.locator('.inbox-list li.unread')).toHaveCount(0);
    await expect(markAll).toBeDisabled();
    await pages.getByRole('button', { name: text(lang, 'inbox.older') }).click();
    await expect(pages).toContainText('2 / 2');
    await expect(page.locator('.inbox-list li')).toHaveCount(2);
    await expect(page.locator('.inbox-list li.unread')).toHaveCount(0);
    // The message centre's inbox badge is gone too.
    await page.goto('/m/message');
    await expectLanguage(page, lang);
    const inbox = text(lang, 'message.inbox');
    await expect(page.getByRole('link', { name: new RegExp(inbox) })).toBeVisible();
    await expect(rowBadge(page, inbox)).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test(`"Live chat" on the deposit and withdraw pages opens the same chat as the message centre (${lang})`, async ({ page }) => {
    test.setTimeout(150_000);
    const problems = watchForPageErrors(page);
    await registerPlayer(page);
    for (const path of ['/m/voucherCenter', '/m/withdraw']) {
      await page.goto(inLanguage(path, lang));
      await expectLanguage(page, lang);
      // The contacts hydrate when they come into view.
      const help = page.getByRole('region', { name: text(lang, 'service.title') });
      await help.scrollIntoViewIfNeeded();
      await help.getByRole('button', { name: text(lang, 'service.LIVECHAT') }).click();
      await expect(page.getByText(text(lang, 'chat.pleaseWait'))).toBeVisible();
      await page.waitForURL('**/m/liveChat?*');
      await expectLanguage(page, lang);
      await expect(page.getByPlaceholder(text(lang, 'chat.placeholder'))).toBeVisible();
    }
    expect(problems).toEqual([]);
  });
}

import { expect, test } from '@playwright/test';
import { waitForHydration } from '../hydration';
import { balanceOf, registerPlayer, usd, watchForPageErrors } from '../players';
import { makeConsoleOperator, signInToConsole } from './console-helpers';

/**
 * Support in the back office (docs/back-office.md "Support"), end to end in built-in mode: a player opens live chat
 * and writes; a support agent signs in to the back office, sees the unread badge (menu and title), adds a canned
 * answer, opens the conversation with the player panel showing the player's account and balance, assigns it to
 * themselves, answers with the canned answer, and the player reads the answer in their chat. The agent is made with
 * the operator script, so this spec writes to the database from outside.
 */
test('a support agent answers a chat with the player panel and a canned answer; the player reads it', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const problems = watchForPageErrors(page);
  const player = await registerPlayer(page);
  const balance = await balanceOf(page);

  // The player opens live chat and writes.
  await page.goto('/m/message');
  await page.getByRole('button', { name: /Live chat/ }).click();
  await page.waitForURL('**/m/liveChat?*');
  await waitForHydration(page);
  await page.getByPlaceholder('Type a message').fill('Hello, my deposit is not there yet');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('.chat-line.player .chat-receipt')).toContainText('Delivered');
  const chatUrl = page.url();

  // A support agent signs in, in a browser context of their own: the Support entry carries the badge, the title the count.
  const operator = makeConsoleOperator({ role: 'support', displayName: 'Sam from support' });
  // An operator at a desk: the menu is a sidebar (on a phone it folds into a drawer).
  const agentContext = await browser.newContext({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false });
  const agent = await agentContext.newPage();
  const agentProblems = watchForPageErrors(agent);
  await signInToConsole(agent, operator);
  const menu = agent.getByRole('menu');
  await expect(menu.locator('.support-unread')).toHaveText(/^[1-9]\d*$/, { timeout: 15_000 });
  await expect(agent).toHaveTitle(/^\(\d+\) /);

  // A canned answer of the site.
  await menu.getByRole('menuitem', { name: /Canned answers/ }).click();
  await agent.getByRole('link', { name: 'Create' }).click();
  await agent.getByLabel('Title').fill('Deposit arrived');
  await agent.getByLabel('Text').fill('Your deposit is in your wallet now.');
  await agent.getByRole('button', { name: 'Save' }).click();
  await expect(agent.getByText('Deposit arrived')).toBeVisible();

  // The conversation with the player panel beside it.
  await menu.getByRole('menuitem', { name: /^Support/ }).click();
  const row = agent.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(player.username) });
  await expect(row.locator('.unread')).toHaveText('1');
  await row.click();
  const messages = agent.getByRole('list', { name: 'Messages' });
  await expect(messages).toContainText('Hello, my deposit is not there yet');
  const panel = agent.getByRole('region', { name: 'Player' });
  await expect(panel).toContainText(player.username);
  await expect(panel.getByTestId('player-balance')).toHaveText(usd(balance));
  await expect(row.locator('.unread')).toHaveCount(0, { timeout: 10_000 });

  // Assign it to me: the list shows who has it.
  await agent.getByRole('button', { name: 'Assign to me' }).click();
  await expect(row).toContainText('Sam from support');

  // Answer with the canned answer.
  await agent.getByRole('combobox', { name: 'Canned answer' }).click();
  await agent.getByRole('option', { name: 'Deposit arrived' }).click();
  await expect(agent.getByRole('textbox', { name: 'Answer' })).toHaveValue('Your deposit is in your wallet now.');
  await agent.getByRole('button', { name: 'Send' }).click();
  await expect(messages.locator('.chat-message.agent')).toContainText('Your deposit is in your wallet now.');

  // The player sees the answer with the agent's name.
  await page.goto(chatUrl);
  await expect(page.locator('.chat-line.agent')).toContainText('Your deposit is in your wallet now.');
  await expect(page.locator('.chat-line.agent .chat-author')).toHaveText('Sam from support');
  await agentContext.close();
  expect(problems).toEqual([]);
  expect(agentProblems).toEqual([]);
});

import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { E2E_STATE } from '../../../playwright.config';
import { registerPlayer } from '../players';
import { logIn } from '../account-helpers';

/**
 * Agent contract prompts and screens (issue 11; accounts-and-communication §2 Agent contract prompts, §6): an agent
 * with a pending daily-salary offer is asked on home load, Go opens the contract screen with the offer's terms, and
 * accepting answers it. Making the player an agent and offering the contract is the operator's side, written into
 * the database from outside the server, so this spec runs with the other outside writers.
 */
function sql(command: string): void {
  const result = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', E2E_STATE, '--yes', '-c', 'wrangler.jsonc', '--command', command], {
    encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
  });
  expect(result.status, result.stderr + result.stdout).toBe(0);
}

test('an agent is prompted about a pending contract, opens it with Go and accepts it', async ({ page }) => {
  const player = await registerPlayer(page);
  const member = `(SELECT id FROM members WHERE merchant_code = 'DEMO' AND username = '${player.username}')`;
  sql(`UPDATE members SET type = 1 WHERE id = ${member}`);
  sql(`INSERT INTO agent_contract_offers (merchant_code, member_id, kind, slug, terms, created_at)
       VALUES ('DEMO', ${member}, 'daily', 'e2e-daily', '<p><strong>0.5%</strong> of the team turnover, paid daily</p>', ${Date.now()})`);
  // A new login carries the agent's member type.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/m/login');
  await logIn(page, player);
  await page.waitForURL('**/m/home');

  const prompt = page.getByRole('dialog', { name: 'Daily salary contract' });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await expect(prompt).toContainText('You have a pending daily salary contract.');
  await prompt.getByRole('button', { name: 'Go' }).click();
  await page.waitForURL('**/m/member/agent/getSalaryContract');

  await expect(page.locator('.contract-terms')).toContainText('0.5% of the team turnover, paid daily');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.locator('main').getByRole('status')).toHaveText('You accepted this contract.');
  await page.reload();
  await expect(page.getByText('You have no pending contract of this kind.')).toBeVisible();
});

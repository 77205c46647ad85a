import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page's islands that hydrate without the player (`client:load`, `client:idle`, and the named
 * component if given) have hydrated: Astro removes an island's `ssr` attribute once it has rendered in the browser.
 * A tap on a pre-rendered button before that does nothing, so tests that tap right after `goto` wait here first.
 * Islands that hydrate on interaction or visibility are not waited for (they never hydrate without the player).
 */
export async function waitForHydration(page: Page, component?: string): Promise<void> {
  await expect(page.locator('astro-island[ssr][client="load"], astro-island[ssr][client="idle"]')).toHaveCount(0);
  if (component) await expect(page.locator(`astro-island[component-url*="${component}"]`).first()).not.toHaveAttribute('ssr', '');
}

/**
 * Hydrates the islands that wait for the player's first interaction (`client:interaction`, e.g. the list pages'
 * islands where the edge wrote the list) as a first touch would, and waits until `component` has hydrated. For tests
 * that drive the island through more than taps (typing, selects); a bare tap needs none of this (it is replayed).
 */
export async function hydrateByInteraction(page: Page, component: string): Promise<void> {
  await waitForHydration(page);
  await page.locator('body').dispatchEvent('pointerdown');
  await expect(page.locator(`astro-island[component-url*="${component}"]`).first()).not.toHaveAttribute('ssr', '');
}

/**
 * The player's first interaction with the page (a key press: no tap lands on anything), which hydrates the islands
 * that wait for it (`client:interaction`, src/directives/interaction.ts): home's first screen, the frame's islands.
 */
export async function interact(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
}

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatEuro } from '@umrah/domain/money';
import { acceptCookies, dialog } from '../support/ui.ts';

// Donations (SPEC 1, 3 'fund (id, value)', 5 'Donation', 9): a visitor finds the crowdfund on the
// home page, is stopped above what the goal still needs, donates 25 euro and sees the donation in
// /winkelwagen with the total the server computed. What the goal still needs is read from the API,
// so the spec holds whatever other specs donated before on the same server.

interface ApiCrowdfund {
  id: number;
  label: string;
  goal_amount: number;
  funded_amount: number;
  remaining: number;
}

async function waterput(request: APIRequestContext): Promise<ApiCrowdfund> {
  const res = await request.get('/api/crowdfunds');
  expect(res.ok()).toBe(true);
  const fund = ((await res.json()) as { crowdfunds: ApiCrowdfund[] }).crowdfunds.find((c) => c.label === 'Waterput in Senegal');
  expect(fund, 'the seeded crowdfund is active').toBeDefined();
  return fund!;
}

/** Serious or critical axe violations inside `selector`. */
async function axeProblems(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('donations', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test('a visitor donates 25 euro to the crowdfund on the home page and sees it in the cart with the server total', async ({ page, request }) => {
    const fund = await waterput(request);
    expect(fund.remaining).toBeGreaterThan(2500);
    expect(fund.remaining).toBe(fund.goal_amount - fund.funded_amount);

    await page.goto('/');
    const card = page.getByRole('article', { name: 'Waterput in Senegal' });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('nog-nodig')).toHaveText(`nog ${formatEuro(fund.remaining)} nodig`);
    await expect(card.getByText(`${formatEuro(fund.funded_amount)} van ${formatEuro(fund.goal_amount)}`)).toBeVisible();
    // The bar's filled part has no width at 0 %: its value is what counts.
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(Math.round((fund.funded_amount / fund.goal_amount) * 100)));

    expect(await axeProblems(page, 'section[aria-labelledby="doneren-titel"]')).toEqual([]);

    await card.getByRole('button', { name: 'Doneren' }).click();
    const modal = dialog(page, 'Doneren');
    await expect(modal).toBeVisible();
    await expect(modal.getByText('Waterput in Senegal')).toBeVisible();
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);

    // Nothing typed, then more than the goal still needs: the shared donation rules refuse both.
    await modal.getByRole('button', { name: 'In winkelwagen' }).click();
    await expect(modal.getByText('Bedrag is verplicht!')).toBeVisible();
    const amount = modal.getByLabel('Bedrag (€)');
    await amount.fill(String(Math.floor(fund.remaining / 100) + 1));
    await modal.getByRole('button', { name: 'In winkelwagen' }).click();
    await expect(modal.getByText(`Bedrag moet lager zijn dan ${formatEuro(fund.remaining)}`)).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull();

    await amount.fill('25');
    await modal.getByRole('button', { name: 'In winkelwagen' }).click();
    await expect(page.getByText('Donatie is toegevoegd in je winkelwagen!')).toBeVisible();
    await expect(modal).toBeHidden();
    const cart = JSON.parse((await page.evaluate(() => window.localStorage.getItem('cart'))) ?? '[]');
    expect(cart).toEqual([{ type: 'fund', id: fund.id, value: 2500, label: 'Waterput in Senegal', remaining: fund.remaining }]);

    await page.goto('/winkelwagen');
    const item = page.getByTestId('winkelwagen-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Donatie');
    await expect(item).toContainText('Waterput in Senegal');
    await expect(item).toContainText(`Bedrag: ${formatEuro(2500)}`);
    // The total is the server's (POST /api/order/preview): the donation adds to the order total.
    await expect(page.getByTestId('winkelwagen-totaal')).toHaveText(formatEuro(2500));

    // A cart is no order: what the goal still needs has not changed.
    expect((await waterput(request)).remaining).toBe(fund.remaining);
  });
});

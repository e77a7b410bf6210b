// 'Donatie toevoegen' on /admin-winkelwagen (docs/RULES.md, 'Screens: Admin cart': fund donations among the item
// types): pick an active crowdfund, then the same amount modal as on the home page, into the admin cart.
import { lazy, Suspense, useState } from 'react';
import { Button, Group, Menu } from '@mantine/core';
import type { CrowdfundDto } from '@umrah/domain/validation/crowdfund';
import { ADMIN_CART_KEY } from '../cart';
import { useCrowdfunds } from './api';
import { stillNeeded } from './CrowdfundSection';

const DonateModal = lazy(() => import('./DonateModal'));

export function AdminDonationButton() {
  const funds = useCrowdfunds();
  const [donating, setDonating] = useState<CrowdfundDto | null>(null);
  const list = funds.data ?? [];
  return (
    <Group>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="light" loading={funds.isPending} disabled={!funds.isPending && list.length === 0}>
            Donatie toevoegen
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {list.map((fund) => (
            <Menu.Item key={fund.id} disabled={fund.remaining <= 0} onClick={() => setDonating(fund)}>
              {fund.label} ({stillNeeded(fund)})
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {donating && (
        <Suspense fallback={null}>
          <DonateModal fund={donating} cartKey={ADMIN_CART_KEY} onClose={() => setDonating(null)} />
        </Suspense>
      )}
    </Group>
  );
}

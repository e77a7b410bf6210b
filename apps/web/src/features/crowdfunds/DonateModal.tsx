// 'Doneren': the donation amount in euros for one crowdfund, checked with the shared donation schema
// against what the goal still needs, into the cart as a fund entry (docs/RULES.md, 'Entities: fund (id, value)').
// Loaded lazily: the home page only needs it once someone clicks 'Doneren'.
import type { CrowdfundDto } from '@umrah/domain/validation/crowdfund';
import { notifySuccess } from '../../lib/notify';
import { CART_KEY, FundEditModal, type CartKey, type FundEntry } from '../cart';

export const DONATION_ADDED_MESSAGE = 'Donatie is toegevoegd in je winkelwagen!';

export default function DonateModal({ fund, cartKey = CART_KEY, onClose }: { fund: CrowdfundDto; cartKey?: CartKey; onClose: () => void }) {
  const entry: FundEntry = { type: 'fund', id: fund.id, value: 0, label: fund.label, remaining: fund.remaining };
  return (
    <FundEditModal
      cartKey={cartKey}
      index={null}
      entry={entry}
      title="Doneren"
      saveLabel="In winkelwagen"
      onClose={onClose}
      onSaved={() => notifySuccess(DONATION_ADDED_MESSAGE)}
    />
  );
}

import { ComingSoon } from '../components/ComingSoon';

export default function CartPage() {
  return <ComingSoon title="Winkelwagen" image="/images/banners/default.svg" />;
}

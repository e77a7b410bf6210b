import { ComingSoon } from '../components/ComingSoon';

export default function CheckoutPage() {
  return <ComingSoon title="Afrekenen" image="/images/banners/default.svg" />;
}

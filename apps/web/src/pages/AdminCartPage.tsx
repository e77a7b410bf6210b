import { ComingSoon } from '../components/ComingSoon';

export default function AdminCartPage() {
  return <ComingSoon title="Admin winkelwagen" image="/images/banners/default.svg" />;
}

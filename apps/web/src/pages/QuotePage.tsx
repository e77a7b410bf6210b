import { ComingSoon } from '../components/ComingSoon';

export default function QuotePage() {
  return <ComingSoon title="Offerte" image="/images/banners/default.svg" />;
}

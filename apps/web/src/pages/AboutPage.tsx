import { ComingSoon } from '../components/ComingSoon';

export default function AboutPage() {
  return <ComingSoon title="Over ons" image="/images/banners/over-ons.svg" />;
}

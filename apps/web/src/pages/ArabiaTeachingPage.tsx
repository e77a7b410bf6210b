import { ComingSoon } from '../components/ComingSoon';

export default function ArabiaTeachingPage() {
  return <ComingSoon title="Arabia teaching" image="/images/banners/arabia.svg" />;
}

import { ComingSoon } from '../components/ComingSoon';

export default function TermsPage() {
  return <ComingSoon title="Algemene voorwaarden" />;
}

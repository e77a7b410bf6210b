// Placeholder: the catalog engineer replaces this page.
import { ComingSoon } from '../components/ComingSoon';

export default function PackagesPage() {
  return <ComingSoon title="Pakketten" image="/images/banners/pakketten.svg" />;
}

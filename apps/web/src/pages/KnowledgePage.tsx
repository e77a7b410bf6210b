import { ComingSoon } from '../components/ComingSoon';

export default function KnowledgePage() {
  return <ComingSoon title="Kennis" image="/images/banners/kennis.svg" />;
}

import { ComingSoon } from '../components/ComingSoon';

export default function KnowledgeDetailPage() {
  return <ComingSoon title="Kennis" image="/images/banners/kennis.svg" />;
}

import { ComingSoon } from '../components/ComingSoon';

export default function ContactPage() {
  return <ComingSoon title="Contact" image="/images/banners/contact.svg" />;
}

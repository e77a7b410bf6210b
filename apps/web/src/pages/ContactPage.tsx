import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { PageBanner } from '../components/PageBanner';
import { ContactForm, OfficeMap } from '../features/content';
import { useCompany } from '../lib/company';
import { PageSection } from '../components/PageSection';
import { usePageTitle } from '../lib/usePageTitle';
import classes from './ContactPage.module.css';

const telHref = (phone: string) => `tel:${phone.replace(/\s+/g, '').replace(/^0/, '+31')}`;

export default function ContactPage() {
  usePageTitle('Contact');
  const company = useCompany();
  const address = `${company.street}, ${company.zip} ${company.city}`;
  return (
    <>
      <PageBanner title="Contact" subtitle="Heb je een vraag over je reis? Neem gerust contact met ons op." image="/images/banners/contact.svg" />
      <Container size="lg" py="xl">
        <div className={classes.columns}>
          <div>
            <Stack gap="lg">
              <PageSection id="contactgegevens" title="Contactgegevens">
                <ul className={classes.details} data-testid="contactlijst">
                  <li>
                    <Text span fw={600}>
                      Telefoon:{' '}
                    </Text>
                    <Anchor href={telHref(company.phone)}>{company.phone}</Anchor>
                  </li>
                  <li>
                    <Text span fw={600}>
                      Email:{' '}
                    </Text>
                    <Anchor href={`mailto:${company.email}`}>{company.email}</Anchor>
                  </li>
                  <li>
                    <Text span fw={600}>
                      Adres:{' '}
                    </Text>
                    <Anchor
                      href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {address}
                    </Anchor>
                  </li>
                </ul>
                {/* docs/RULES.md, 'Product': the support claims of the page text. */}
                <Text size="sm" mt="sm" data-testid="reactietijd">
                  Onze klantenservice reageert meestal binnen vier uur. Een medewerker neemt binnen 1 werkdag contact met je op.
                </Text>
              </PageSection>
              <PageSection id="ons-kantoor" title="Ons kantoor">
                <OfficeMap />
              </PageSection>
            </Stack>
          </div>
          <div>
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="stuur-bericht">
              <Title order={2} id="stuur-bericht" mb="sm">
                Stuur ons een bericht
              </Title>
              <ContactForm />
            </Card>
          </div>
        </div>
      </Container>
    </>
  );
}

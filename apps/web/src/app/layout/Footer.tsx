import { Link } from 'react-router';
import { Anchor, Box, Container, Stack, Text, Title } from '@mantine/core';
import { ServerHtml } from '../../components/ServerHtml';
import { useCompany } from '../../lib/company';
import { MENU_LINKS } from './nav';
import classes from './Footer.module.css';

export function Footer() {
  const company = useCompany();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="xl">
        {/* The same on every page and nothing in it but text and links: it stays the server's HTML. */}
        <ServerHtml>
          <div className={classes.columns}>
            <Stack gap={6}>
              <Title order={2} size="h4" c="white">
                {company.name}
              </Title>
              <Text size="sm">Begeleide Umrah-reizen vanuit Nederland en België, met de beste hotels en ervaren begeleiders.</Text>
            </Stack>
            <Stack gap={6}>
              <Title order={2} size="h4" c="white">
                Contact
              </Title>
              <Text size="sm">
                Email:{' '}
                <Anchor href={`mailto:${company.email}`} c="white" underline="always">
                  {company.email}
                </Anchor>
              </Text>
              <Text size="sm">Kantoor: {company.city}</Text>
              <Text size="sm">Onze medewerkers nemen binnen 1 werkdag contact met je op.</Text>
              <Anchor component={Link} to="/contact" c="white" size="sm" underline="always">
                Naar de contactpagina
              </Anchor>
            </Stack>
            <Stack gap={6} component="nav" aria-label="Voettekst">
              <Title order={2} size="h4" c="white">
                Informatie
              </Title>
              {MENU_LINKS.filter((l) => l.to !== '/').map((l) => (
                <Anchor key={l.to} component={Link} to={l.to} c="white" size="sm">
                  {l.label}
                </Anchor>
              ))}
              <Anchor component={Link} to="/algemene-voorwaarden" c="white" size="sm">
                Algemene voorwaarden
              </Anchor>
              <Anchor component={Link} to="/privacy" c="white" size="sm">
                Privacyverklaring
              </Anchor>
            </Stack>
          </div>
          <Text size="xs" mt="xl" c="gray.4">
            © {new Date().getFullYear()} {company.name}, {company.city}
          </Text>
        </ServerHtml>
      </Container>
    </Box>
  );
}

// Only functional cookies and storage are used (see /privacy); the banner records the visitor's
// choice so it is asked once.
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { readString, writeString } from '../../lib/storage';

export const COOKIE_CONSENT_KEY = 'cookie_consent';

export function CookieBanner() {
  const [choice, setChoice] = useState(() => readString(COOKIE_CONSENT_KEY));
  // Decided after mounting: the server does not know the choice, and hydration must match its HTML.
  const mounted = useMounted();
  if (!mounted || choice === 'accepted' || choice === 'declined') return null;
  const choose = (value: 'accepted' | 'declined') => {
    writeString(COOKIE_CONSENT_KEY, value);
    setChoice(value);
  };
  return <CookieBannerView onChoose={choose} />;
}

/** The banner itself (also the template the public pages' island script shows, islands.ts). */
export function CookieBannerView({ onChoose }: { onChoose?: (value: 'accepted' | 'declined') => void }) {
  return (
    <Paper
      role="region"
      aria-label="Cookies"
      shadow="lg"
      radius="md"
      p="md"
      withBorder
      style={{ position: 'fixed', left: 12, right: 12, bottom: 12, zIndex: 150, maxWidth: 640, marginInline: 'auto' }}
    >
      <Text size="sm">
        Wij gebruiken alleen functionele cookies en lokale opslag, nodig om de website te laten werken (zoals je winkelwagen en inlogsessie). Lees
        meer in onze{' '}
        <Anchor component={Link} to="/privacy" size="sm">
          privacyverklaring
        </Anchor>
        .
      </Text>
      <Group justify="flex-end" mt="sm" gap="xs">
        <Button variant="default" data-cookie-choice="declined" onClick={() => onChoose?.('declined')}>
          Weigeren
        </Button>
        <Button data-cookie-choice="accepted" onClick={() => onChoose?.('accepted')}>
          Accepteren
        </Button>
      </Group>
    </Paper>
  );
}

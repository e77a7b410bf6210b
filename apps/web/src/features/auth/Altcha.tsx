// The self-hosted ALTCHA proof-of-work widget; its solved payload goes in the form's `altcha` field.
import { useEffect, useRef } from 'react';
import { Text } from '@mantine/core';
// The widget defines a custom element that draws its own children: loaded after mounting, so a
// server-rendered <altcha-widget> (entry-server.tsx) is hydrated before it upgrades, never during.
// Its 23 kB (gzip) are loaded when the widget comes near the screen or the visitor starts on the form,
// not with the page: below a phone's fold on /contact, its evaluation was the page's longest task.
const loadWidget = () => import('altcha');
/** How near the screen the widget is loaded: a scroll's worth, so it is drawn by the time it shows. */
const NEAR_SCREEN = '400px';

const STRINGS_NL = JSON.stringify({
  ariaLinkLabel: 'Bezoek Altcha.org',
  error: 'Verificatie mislukt. Probeer het later opnieuw.',
  expired: 'Verificatie verlopen. Probeer het opnieuw.',
  footer: 'Beschermd door <a href="https://altcha.org/" target="_blank" rel="noopener" aria-label="Bezoek Altcha.org">ALTCHA</a>',
  label: 'Ik ben geen robot',
  loading: 'Laden...',
  reload: 'Opnieuw laden',
  verify: 'Verifiëren',
  verificationRequired: 'Verificatie vereist!',
  verified: 'Geverifieerd',
  verifying: 'Bezig met verifiëren...',
  waitAlert: 'Bezig met verifiëren... even geduld.',
});

export function Altcha({ onChange, error }: { onChange: (payload: string) => void; error?: string | null }) {
  const ref = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    // Nothing to upgrade without custom elements. A failed load must not become an unhandled
    // rejection (in the unit tests the import can finish after the DOM environment is gone).
    if (typeof customElements === 'undefined' || customElements.get('altcha-widget')) return;
    const el = ref.current;
    const form = el?.closest('form');
    let stop = () => undefined as void;
    const load = () => {
      stop();
      loadWidget().catch((err: unknown) => console.error('ALTCHA-widget niet geladen', err));
    };
    if (!el || typeof IntersectionObserver === 'undefined') return load();
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), { rootMargin: NEAR_SCREEN });
    observer.observe(el);
    form?.addEventListener('focusin', load);
    form?.addEventListener('pointerdown', load);
    stop = () => {
      observer.disconnect();
      form?.removeEventListener('focusin', load);
      form?.removeEventListener('pointerdown', load);
    };
    return stop;
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const handler = (ev: Event) => {
      const { state, payload } = (ev as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : '');
    };
    el.addEventListener('statechange', handler);
    return () => el.removeEventListener('statechange', handler);
  }, []);

  return (
    <div>
      <altcha-widget ref={ref} challengeurl="/api/captcha/challenge" strings={STRINGS_NL} hidelogo />
      {error && (
        <Text c="red" size="sm" mt={4} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}

// The chat widget (docs/RULES.md, 'Product'): a floating button on the public pages opens a small panel; 'Verstuur'
// opens the configured external chat link (CHAT_URL, from GET /api/config) in a new window with
// the typed text. Without a configured link nothing is shown.
import { useState } from 'react';
import { useLocation } from 'react-router';
import { ActionIcon, Button, Popover, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ChatIcon } from '../../components/icons';
import { useOpenedOnce } from '../../components/LazyMount';
import { publicConfigQuery } from './api';

export const CHAT_TEXT_MAX = 1000;

/**
 * The link with the text: '{text}' in the template is replaced; a link ending in '=' (wa.me's
 * '?text=') gets the text appended; any other link gets a `text` query parameter.
 */
export function buildChatUrl(template: string, text: string): string {
  const encoded = encodeURIComponent(text);
  if (template.includes('{text}')) return template.split('{text}').join(encoded);
  if (template.endsWith('=')) return template + encoded;
  const url = new URL(template);
  url.searchParams.set('text', text);
  return url.toString();
}

const isPublicPage = (pathname: string) => !pathname.startsWith('/admin');
const CORNER = { position: 'fixed', right: 16, bottom: 16, zIndex: 150 } as const;

export function ChatWidget() {
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);
  // The popover (floating-ui's positioning, the focus trap) comes with the first open: until then a
  // public page mounts only the button, without the synchronous renders the popover's refs cause.
  const popoverMounted = useOpenedOnce(opened);
  const [text, setText] = useState('');
  const config = useQuery(publicConfigQuery());
  const chatUrl = config.data?.chat_url;
  if (!chatUrl || !/^https?:\/\//.test(chatUrl) || !isPublicPage(pathname)) return null;

  const send = () => {
    window.open(buildChatUrl(chatUrl, text.trim()), '_blank', 'noopener,noreferrer');
    setText('');
    setOpened(false);
  };

  const button = (
    <ActionIcon
      size={56}
      radius="xl"
      variant="filled"
      aria-label="Chat met ons"
      aria-haspopup="dialog"
      aria-expanded={opened}
      onClick={() => setOpened((o) => !o)}
    >
      <ChatIcon width={28} height={28} aria-hidden />
    </ActionIcon>
  );
  if (!popoverMounted) return <div style={CORNER}>{button}</div>;

  return (
    <div style={CORNER}>
      <Popover opened={opened} onChange={setOpened} position="top-end" width={300} trapFocus returnFocus shadow="md" withArrow>
        <Popover.Target>{button}</Popover.Target>
        <Popover.Dropdown aria-labelledby="chat-title">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              send();
            }}
          >
            <Stack gap="xs">
              <Text fw={600} id="chat-title">
                Chat met ons
              </Text>
              <Text size="sm" c="dimmed">
                Je bericht opent in een nieuw venster in onze chat. Onze klantenservice reageert meestal binnen vier uur.
              </Text>
              <Textarea
                label="Je bericht"
                value={text}
                maxLength={CHAT_TEXT_MAX}
                autosize
                minRows={2}
                maxRows={5}
                data-autofocus
                onChange={(e) => setText(e.currentTarget.value)}
              />
              <Button type="submit" disabled={text.trim() === ''}>
                Verstuur
              </Button>
            </Stack>
          </form>
        </Popover.Dropdown>
      </Popover>
    </div>
  );
}

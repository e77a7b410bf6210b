// 'Voorbeeld' of the rooming editor: the list as it will be printed, 3 rooms per page
// (docs/RULES.md, 'Constants'), with the PDF and XLSX downloads of the saved version.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import classes from '../trips.module.css';
import { guestName, previewPages, type EditorRoom, type GuestInfo } from './editor';
import { guestDetails, roomHeading } from './labels';
import type { Busy } from './useRoomingEditor';

/** Voorbeeld: the list as it will be printed, and the downloads of the saved version. */
export function PreviewView({
  rooms,
  guests,
  title,
  version,
  dirty,
  busy,
  onDownload,
}: {
  rooms: EditorRoom[];
  guests: Map<number, GuestInfo>;
  title: string;
  version: number | null;
  dirty: boolean;
  busy: Busy;
  onDownload: (kind: 'pdf' | 'xlsx') => void;
}) {
  const pages = previewPages(rooms.filter((r) => r.guests.length > 0));
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <Button onClick={() => onDownload('pdf')} loading={busy === 'pdf'} disabled={version === null || (busy !== null && busy !== 'pdf')}>
          PDF downloaden
        </Button>
        <Button
          variant="default"
          onClick={() => onDownload('xlsx')}
          loading={busy === 'xlsx'}
          disabled={version === null || (busy !== null && busy !== 'xlsx')}
        >
          XLSX downloaden
        </Button>
        <Text size="sm" c="dark.4">
          {version === null
            ? 'Sla de indeling eerst op; de downloads tonen een opgeslagen versie.'
            : dirty
              ? `De downloads tonen versie ${version}, zonder de niet-opgeslagen wijzigingen.`
              : `De downloads tonen versie ${version}.`}
        </Text>
      </Group>
      {pages.length === 0 ? (
        <Text c="dark.4">Er zijn nog geen kamers om te tonen.</Text>
      ) : (
        pages.map((page, i) => (
          <section key={i} className={classes.previewPage} aria-labelledby={`rooming-page-${i}`} data-preview-page={i + 1}>
            <Group justify="space-between" mb="sm">
              <Title order={4} size="h5" id={`rooming-page-${i}`}>
                Pagina {i + 1} van {pages.length}
              </Title>
              <Text size="xs" c="dark.4">
                Kamerindeling {title}
              </Text>
            </Group>
            <Stack gap="sm">
              {page.map(({ room, index }) => (
                <PreviewRoom key={room.key} room={room} index={index} guests={guests} />
              ))}
            </Stack>
          </section>
        ))
      )}
    </Stack>
  );
}

/** One room as printed: heading, room numbers, and its guests in order. */
function PreviewRoom({ room, index, guests }: { room: EditorRoom; index: number; guests: Map<number, GuestInfo> }) {
  return (
    <Paper withBorder p="sm" radius="sm" data-preview-room={index + 1}>
      <Text fw={700} size="sm">
        {roomHeading(room, index)}
      </Text>
      <Text size="xs" c="dark.4" mb={4}>
        Mekka: {room.room_mekka || '–'} · Medina: {room.room_medina || '–'}
      </Text>
      <Stack gap={2} component="ol" m={0} pl="lg">
        {room.guests.map((id) => {
          const g = guests.get(id);
          return (
            <Text component="li" size="sm" key={id}>
              {g ? guestName(g) : `Gast ${id}`}
              {g && (
                <Text span size="xs" c="dark.4">
                  {' '}
                  ({guestDetails(g)})
                </Text>
              )}
              {g?.wheelchair && (
                <Text span size="xs" fw={700}>
                  {' '}
                  · rolstoel
                </Text>
              )}
            </Text>
          );
        })}
      </Stack>
    </Paper>
  );
}

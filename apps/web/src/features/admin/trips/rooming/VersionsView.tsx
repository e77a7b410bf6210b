// 'Versies' of the rooming editor: every save is a new version; the latest 4 are listed with
// 'Openen', an older one opens by its number. Opening over unsaved changes asks first (`guard`).
import { Badge, Button, Group, NumberInput, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@umrah/domain/dates';
import type { RoomingVersionInfo } from '../api';
import { VERSIONS_SHOWN, type Busy } from './useRoomingEditor';

export function VersionsView({
  loading,
  versions,
  total,
  openedVersion,
  busy,
  olderVersion,
  onOlderVersion,
  onOpen,
}: {
  loading: boolean;
  /** The latest VERSIONS_SHOWN, newest first. */
  versions: RoomingVersionInfo[];
  /** How many versions the trip has in all. */
  total: number;
  openedVersion: number | null;
  busy: Busy;
  olderVersion: string | number;
  onOlderVersion: (value: string | number) => void;
  /** Opens version n (after the unsaved-changes question, when there are any). */
  onOpen: (n: number) => void;
}) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dark.4">
        Elke keer opslaan maakt een nieuwe versie. De laatste {VERSIONS_SHOWN} staan hieronder.
      </Text>
      {loading ? (
        <Skeleton h={120} />
      ) : versions.length === 0 ? (
        <Text c="dark.4">Er is nog geen versie opgeslagen.</Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Opgeslagen versies">
          {versions.map((v) => (
            <VersionItem
              key={v.version}
              version={v}
              opened={v.version === openedVersion}
              opening={busy === 'open'}
              onOpen={() => onOpen(v.version)}
            />
          ))}
        </Stack>
      )}
      {total > 0 && (
        <Group
          component="form"
          gap="xs"
          align="flex-end"
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number(olderVersion);
            if (Number.isInteger(n) && n > 0) onOpen(n);
          }}
        >
          <NumberInput label="Oudere versie (nummer)" min={1} allowDecimal={false} value={olderVersion} onChange={onOlderVersion} w={200} />
          <Button type="submit" variant="default" disabled={busy !== null}>
            Versie openen
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function VersionItem({
  version: v,
  opened,
  opening,
  onOpen,
}: {
  version: RoomingVersionInfo;
  opened: boolean;
  opening: boolean;
  onOpen: () => void;
}) {
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-version={v.version}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Text fw={700}>Versie {v.version}</Text>
          <Text size="sm" c="dark.4">
            {formatDateTime(v.created_at)} · {v.rooms_count === 1 ? '1 kamer' : `${v.rooms_count} kamers`}
          </Text>
        </Stack>
        <Group gap="xs">
          {opened && (
            <Badge variant="light" c="dark.7" tt="none">
              Geopend
            </Badge>
          )}
          <Button size="xs" variant="light" aria-label={`Versie ${v.version} openen`} loading={opening} onClick={onOpen}>
            Openen
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

// The rooming-list editor of a trip, in three views over one state (useRoomingEditor.ts):
// - Bewerken (EditView.tsx): 'Indeling maken' asks the server for a proposal; staff move a guest to
//   another room, swap two guests, add an empty room and fill in the Mekka and Medina room numbers;
//   'Opslaan' saves a new version and shows the server's message (or its rule break, in Dutch).
// - Versies (VersionsView.tsx): the latest 4 saved versions; any of them (or an older one by
//   number) can be opened.
// - Voorbeeld (PreviewView.tsx): the list as it will be printed, 3 rooms per page, with the PDF and
//   XLSX downloads.
// This file holds what all three share: the view switch, the buttons, the feedback and the question
// before unsaved changes are thrown away.
import { useState } from 'react';
import { Alert, Button, Group, List, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@umrah/domain/messages';
import { ConfirmModal } from '../../../../components/admin-kit/ConfirmModal';
import { errorMessage } from '../../../../lib/notify';
import type { TripDetail } from '../api';
import { AddRoomControls, EditView } from './EditView';
import { PreviewView } from './PreviewView';
import { useRoomingEditor, type RoomingState, type View } from './useRoomingEditor';

type Actions = ReturnType<typeof useRoomingEditor>['actions'];
import { VersionsView } from './VersionsView';

interface Confirm {
  text: string;
  action: () => void;
}

export function RoomingSection({ start, detail }: { start: string; detail: TripDetail }) {
  const { state, latest, guests, problems, versions, busy, unplaced, placedCount, swapName, actions } = useRoomingEditor(start, detail);
  const { view, rooms, version, dirty } = state;
  const { guard, modal: guardModal } = useUnsavedGuard(dirty);
  const openVersion = (n: number) => guard(`Versie ${n} openen gooit de niet-opgeslagen wijzigingen weg.`, () => actions.openVersion(n));

  const status = rooms === null ? 'Nog geen kamerindeling.' : statusLine(version, dirty, rooms.length, placedCount, unplaced.length);

  return (
    <Stack gap="md">
      <ViewSwitch view={view} versionCount={latest.data?.versions.length ?? 0} onChange={actions.setView} />
      <Group gap="xs" wrap="wrap">
        <Button
          onClick={() => guard('Een nieuw voorstel vervangt de huidige indeling met niet-opgeslagen wijzigingen.', actions.propose)}
          loading={busy === 'proposal'}
          disabled={busy !== null && busy !== 'proposal'}
          variant={rooms ? 'light' : 'filled'}
        >
          Indeling maken
        </Button>
        <Button onClick={actions.save} loading={busy === 'save'} disabled={!rooms || (busy !== null && busy !== 'save')}>
          Opslaan
        </Button>
        <Text size="sm" c="dark.4" data-testid="rooming-state" aria-live="polite">
          {latest.isPending ? 'Laden…' : status}
        </Text>
      </Group>

      <RoomingFeedback state={state} loadError={latest.isError ? latest.error : null} actions={actions} />

      {view === 'bewerken' && (
        <EditView
          rooms={rooms}
          loading={latest.isPending}
          guests={guests}
          warnings={state.warnings}
          unplaced={unplaced}
          swapFrom={state.swapFrom}
          swapName={swapName}
          onSwapStart={actions.startSwap}
          onSwap={actions.swapWith}
          onMove={actions.move}
          problems={problems}
          onNumbers={actions.setNumbers}
          onRemove={actions.remove}
          addControls={<AddRoomControls capacity={state.newCapacity} kind={state.newKind} onChange={actions.setNewRoom} onAdd={actions.addRoom} />}
        />
      )}

      {view === 'versies' && (
        <VersionsView
          loading={latest.isPending}
          versions={versions}
          total={latest.data?.versions.length ?? 0}
          openedVersion={version}
          busy={busy}
          olderVersion={state.olderVersion}
          onOlderVersion={actions.setOlderVersion}
          onOpen={openVersion}
        />
      )}

      {view === 'voorbeeld' && (
        <PreviewView
          rooms={rooms ?? []}
          guests={guests}
          title={detail.trip.label}
          version={version}
          dirty={dirty}
          busy={busy}
          onDownload={actions.download}
        />
      )}

      {guardModal}
    </Stack>
  );
}

/** Asks before `action` throws unsaved changes away; runs it at once when there are none. */
function useUnsavedGuard(dirty: boolean) {
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const guard = (text: string, action: () => void) => {
    if (dirty) setConfirm({ text, action });
    else action();
  };
  const modal = (
    <ConfirmModal
      opened={confirm !== null}
      onClose={() => setConfirm(null)}
      title="Wijzigingen niet opgeslagen"
      confirmLabel="Doorgaan"
      onConfirm={() => {
        if (!confirm) return;
        setConfirm(null);
        confirm.action();
      }}
    >
      <Text size="sm">{confirm?.text}</Text>
    </ConfirmModal>
  );
  return { guard, modal };
}

function statusLine(version: number | null, dirty: boolean, roomCount: number, placedCount: number, unplacedCount: number) {
  return `${version !== null ? `Versie ${version}` : 'Nieuw voorstel (niet opgeslagen)'}${dirty && version !== null ? ', met niet-opgeslagen wijzigingen' : ''} · ${roomCount} kamers · ${placedCount} gasten ingedeeld${unplacedCount ? ` · ${unplacedCount} niet ingedeeld` : ''}`;
}

function ViewSwitch({ view, versionCount, onChange }: { view: View; versionCount: number; onChange: (view: View) => void }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Title order={3} size="h4">
        Kamerindeling
      </Title>
      <SegmentedControl
        aria-label="Weergave kamerindeling"
        value={view}
        onChange={(v) => onChange(v as View)}
        data={[
          { value: 'bewerken', label: 'Bewerken' },
          { value: 'versies', label: `Versies (${versionCount})` },
          { value: 'voorbeeld', label: 'Voorbeeld' },
        ]}
      />
    </Group>
  );
}

/** The last save's message, a refused action with its rule breaks, and a failed load. */
function RoomingFeedback({ state, loadError, actions }: { state: RoomingState; loadError: unknown; actions: Actions }) {
  const { message, error, errorDetails } = state;
  return (
    <>
      {message && (
        <Alert color="green" c="dark.7" role="status" withCloseButton closeButtonLabel="Melding sluiten" onClose={actions.dismissMessage}>
          {message}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" title="Niet gelukt" withCloseButton closeButtonLabel="Foutmelding sluiten" onClose={actions.dismissError}>
          {error}
          {errorDetails.length > 0 && (
            <List size="sm" mt={4}>
              {errorDetails.map((d) => (
                <List.Item key={d}>{d}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {loadError !== null && (
        <Alert color="red" role="alert">
          {errorMessage(loadError, MSG.loadFailed)}
        </Alert>
      )}
    </>
  );
}

// The rooming editor's state in one reducer: the rooms being edited, which saved version they are,
// whether they changed since, the feedback of the last request, and the view. The three views only
// read it and call its actions; every transition is one case below, so what a click changes is
// readable in one place.
import { useMemo, useReducer, type Dispatch } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api';
import { errorMessage, notifySuccess } from '../../../../lib/notify';
import { roomsQuery, tripFile, useRoomingProposal, useSaveRooms, useTripDownload, type TripDetail } from '../api';
import {
  addRoom,
  fromRoomDtos,
  guestName,
  indexGuests,
  liveProblems,
  moveGuest,
  removeRoom,
  setRoomNumbers,
  swapGuests,
  toRoomingInput,
  toSaveBody,
  unplacedGuests,
  type EditorRoom,
  type EditResult,
  type GuestInfo,
  type RoomKind,
} from './editor';

/** Saved versions listed in 'Versies' (docs/RULES.md, 'Constants'); older ones open by number. */
export const VERSIONS_SHOWN = 4;

export type View = 'bewerken' | 'versies' | 'voorbeeld';
export type Busy = 'proposal' | 'save' | 'open' | 'pdf' | 'xlsx' | null;
export type RoomNumbers = { room_mekka?: string; room_medina?: string };

export interface RoomingState {
  view: View;
  rooms: EditorRoom[] | null;
  /** The saved version the editor holds (null: a proposal not saved yet). */
  version: number | null;
  dirty: boolean;
  warnings: string[];
  error: string | null;
  /** Every rule the server's 400 names (its message is the first). */
  errorDetails: string[];
  message: string | null;
  /** A saved version being fetched to open it. */
  opening: boolean;
  swapFrom: number | null;
  /** The 'Kamer toevoegen' choices and the 'Oudere versie' field: kept while the view changes. */
  newCapacity: string;
  newKind: RoomKind;
  olderVersion: string | number;
}

export type RoomingAction =
  | { type: 'view'; view: View }
  /** Rooms from the server: a proposal or an opened version; back to the edit view. */
  | { type: 'show'; rooms: EditorRoom[]; version: number | null; dirty: boolean; warnings: string[] }
  /** The latest saved version taken over by an empty editor (nothing else changes). */
  | { type: 'adopt'; rooms: EditorRoom[]; version: number; warnings: string[] }
  | { type: 'edit'; result: EditResult }
  | { type: 'rooms'; rooms: EditorRoom[]; clearMessage: boolean }
  | { type: 'clearFeedback'; keepMessage: boolean }
  | { type: 'fail'; error: string | null; details: string[] }
  | { type: 'saved'; message: string }
  | { type: 'version'; version: number | null }
  | { type: 'opening'; opening: boolean }
  | { type: 'swapFrom'; id: number | null }
  | { type: 'dismissMessage' }
  | { type: 'dismissError' }
  | { type: 'newRoom'; capacity?: string; kind?: RoomKind }
  | { type: 'olderVersion'; value: string | number };

export const initialRoomingState: RoomingState = {
  view: 'bewerken',
  rooms: null,
  version: null,
  dirty: false,
  warnings: [],
  error: null,
  errorDetails: [],
  message: null,
  opening: false,
  swapFrom: null,
  newCapacity: '2',
  newKind: 'male',
  olderVersion: '',
};

export function roomingReducer(state: RoomingState, action: RoomingAction): RoomingState {
  switch (action.type) {
    case 'view':
      return { ...state, view: action.view };
    case 'show':
      return {
        ...state,
        rooms: action.rooms,
        version: action.version,
        dirty: action.dirty,
        warnings: action.warnings,
        swapFrom: null,
        view: 'bewerken',
      };
    case 'adopt':
      return { ...state, rooms: action.rooms, version: action.version, warnings: action.warnings };
    case 'edit':
      // A refused edit keeps the rooms and says why; an accepted one clears the last feedback.
      if (!action.result.ok) return { ...state, error: action.result.error, errorDetails: [] };
      return { ...state, rooms: action.result.rooms, dirty: true, error: null, errorDetails: [], message: null };
    case 'rooms':
      return { ...state, rooms: action.rooms, dirty: true, message: action.clearMessage ? null : state.message };
    case 'clearFeedback':
      return { ...state, error: null, errorDetails: [], message: action.keepMessage ? state.message : null };
    case 'fail':
      return { ...state, error: action.error, errorDetails: action.details };
    case 'saved':
      return { ...state, message: action.message, dirty: false };
    case 'version':
      return { ...state, version: action.version };
    case 'opening':
      return { ...state, opening: action.opening };
    case 'swapFrom':
      return { ...state, swapFrom: action.id };
    case 'dismissMessage':
      return { ...state, message: null };
    case 'dismissError':
      return { ...state, error: null };
    case 'newRoom':
      return { ...state, newCapacity: action.capacity ?? state.newCapacity, newKind: action.kind ?? state.newKind };
    case 'olderVersion':
      return { ...state, olderVersion: action.value };
  }
}

/** The other broken rules of a 400 (the first is its message already). */
const ruleMessages = (err: ApiError) => [...new Set((err.details ?? []).map((d) => d.message))].filter((m) => m && m !== err.message);

const droppedWarnings = (names: string[]) => names.map((n) => `${n} staat niet meer op deze reis en is uit de indeling gehaald.`);

/** The rooming editor of one trip: its state, what follows from it, and the actions of the views. */
export function useRoomingEditor(start: string, detail: TripDetail) {
  const guests = useMemo(() => indexGuests(detail.orders), [detail.orders]);
  const roomingInput = useMemo(() => toRoomingInput(detail.orders), [detail.orders]);
  const latest = useQuery(roomsQuery(start));
  const [state, dispatch] = useReducer(roomingReducer, initialRoomingState);
  const { rooms, swapFrom } = state;

  // The latest saved version is what the editor starts with: taken over while rendering, once it has
  // loaded and while the editor is empty (React's state adjustment during render, no extra pass).
  const current = latest.data?.current;
  if (rooms === null && current) {
    const loaded = fromRoomDtos(current.rooms);
    dispatch({ type: 'adopt', rooms: loaded.rooms, version: current.version, warnings: droppedWarnings(loaded.dropped) });
  }

  const problems = useMemo(() => (rooms ? liveProblems(roomingInput, rooms) : null), [roomingInput, rooms]);
  const versions = useMemo(() => [...(latest.data?.versions ?? [])].sort((a, b) => b.version - a.version).slice(0, VERSIONS_SHOWN), [latest.data]);
  const { busy, ...requests } = useRoomingRequests(start, state, dispatch);
  const actions = { ...requests, ...localActions(state, dispatch, guests) };

  const unplaced = rooms ? unplacedGuests(rooms, guests) : [];
  const placedCount = rooms ? rooms.reduce((n, r) => n + r.guests.length, 0) : 0;
  const swapName = swapFrom !== null ? guestName(guests.get(swapFrom) ?? { first_name: 'gast', last_name: '' }) : '';

  return { state, latest, guests, problems, versions, busy, unplaced, placedCount, swapName, actions };
}

/** What the server does for the editor: a proposal, opening a version, saving, the downloads. */
function useRoomingRequests(start: string, state: RoomingState, dispatch: Dispatch<RoomingAction>) {
  const { rooms, version } = state;
  const queryClient = useQueryClient();
  /** Before each request: the last error and (unless kept) the last saved message go. */
  const clearFeedback = (keepMessage = false) => dispatch({ type: 'clearFeedback', keepMessage });
  /** A failed request: its Dutch message, and for a refused save every rule it broke. */
  const fail = (err: unknown, withRules = false) =>
    dispatch({ type: 'fail', error: errorMessage(err), details: withRules && err instanceof ApiError ? ruleMessages(err) : [] });

  const proposal = useRoomingProposal({
    onSuccess: (res) => {
      const loaded = fromRoomDtos(res.rooms);
      dispatch({ type: 'show', rooms: loaded.rooms, version: null, dirty: true, warnings: (res.warnings ?? []).map((w) => w.message) });
    },
    onError: (err) => fail(err),
  });

  const saving = useSaveRooms({
    onSuccess: async (res) => {
      dispatch({ type: 'saved', message: res.message });
      notifySuccess(res.message);
      const fresh = await queryClient.fetchQuery(roomsQuery(start));
      dispatch({ type: 'version', version: fresh.current?.version ?? null });
    },
    onError: (err) => fail(err, true),
  });

  const downloading = useTripDownload({ onError: (err) => fail(err) });

  const download = downloading.isPending ? (downloading.variables.file === tripFile.roomingPdf ? 'pdf' : 'xlsx') : null;
  const busy = busyWith(proposal.isPending, saving.isPending, state.opening, download);

  return {
    busy,
    propose: () => {
      clearFeedback();
      proposal.mutate(start);
    },
    openVersion: async (n: number) => {
      dispatch({ type: 'opening', opening: true });
      clearFeedback();
      try {
        const data = await queryClient.fetchQuery(roomsQuery(start, n));
        if (!data.current) {
          dispatch({ type: 'fail', error: `Versie ${n} bestaat niet.`, details: [] });
          return;
        }
        const loaded = fromRoomDtos(data.current.rooms);
        dispatch({ type: 'show', rooms: loaded.rooms, version: data.current.version, dirty: false, warnings: droppedWarnings(loaded.dropped) });
      } catch (err) {
        fail(err);
      } finally {
        dispatch({ type: 'opening', opening: false });
      }
    },
    save: () => {
      if (!rooms) return;
      clearFeedback();
      saving.mutate(toSaveBody(start, rooms));
    },
    download: (kind: 'pdf' | 'xlsx') => {
      if (version === null) return;
      clearFeedback(true);
      downloading.mutate({
        start,
        file: kind === 'pdf' ? tripFile.roomingPdf : tripFile.roomingXlsx,
        fallbackName: `kamerindeling-${start}-v${version}.${kind}`,
        query: { version },
      });
    },
  };
}

/** The request that runs (one at a time), for the button that spins. */
function busyWith(proposing: boolean, saving: boolean, opening: boolean, download: 'pdf' | 'xlsx' | null): Busy {
  if (proposing) return 'proposal';
  if (saving) return 'save';
  if (opening) return 'open';
  return download;
}

/** The edits that stay in the browser until 'Opslaan', and the view's own switches. */
function localActions(state: RoomingState, dispatch: Dispatch<RoomingAction>, guests: Map<number, GuestInfo>) {
  const { rooms, swapFrom } = state;
  return {
    setView: (view: View) => dispatch({ type: 'view', view }),
    startSwap: (id: number | null) => dispatch({ type: 'swapFrom', id }),
    swapWith: (other: number) => {
      if (swapFrom === null || !rooms) return;
      dispatch({ type: 'edit', result: swapGuests(rooms, swapFrom, other) });
      dispatch({ type: 'swapFrom', id: null });
    },
    move: (guestId: number, roomKey: string) => rooms && dispatch({ type: 'edit', result: moveGuest(rooms, guestId, roomKey, guests) }),
    setNumbers: (key: string, numbers: RoomNumbers) =>
      rooms && dispatch({ type: 'rooms', rooms: setRoomNumbers(rooms, key, numbers), clearMessage: false }),
    remove: (key: string) => rooms && dispatch({ type: 'edit', result: removeRoom(rooms, key) }),
    addRoom: () => dispatch({ type: 'rooms', rooms: addRoom(rooms ?? [], Number(state.newCapacity), state.newKind), clearMessage: true }),
    setNewRoom: (choice: { capacity?: string; kind?: RoomKind }) => dispatch({ type: 'newRoom', ...choice }),
    setOlderVersion: (value: string | number) => dispatch({ type: 'olderVersion', value }),
    dismissMessage: () => dispatch({ type: 'dismissMessage' }),
    dismissError: () => dispatch({ type: 'dismissError' }),
  };
}

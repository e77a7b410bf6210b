// 'Wijzigen' on a room reopens the room wizard, which itself builds on the cart (it adds and changes
// entries): so the cart does not import it but receives it here, from the app's providers.
import { createContext, useContext, type ReactNode } from 'react';
import type { CartKey } from './cartStorage';
import type { UmrahEntry } from './types';

export interface RoomEditorProps {
  cartKey: CartKey;
  index: number;
  entry: UmrahEntry;
  onClose: () => void;
}
/** Renders the room's edit modal. */
export type RoomEditor = (props: RoomEditorProps) => ReactNode;

const RoomEditorContext = createContext<RoomEditor | null>(null);

export function RoomEditorProvider({ editor, children }: { editor: RoomEditor; children: ReactNode }) {
  return <RoomEditorContext.Provider value={editor}>{children}</RoomEditorContext.Provider>;
}

export const useRoomEditor = () => useContext(RoomEditorContext);

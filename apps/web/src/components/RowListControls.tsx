// The pieces of a form's editable list (quote items, requested rooms): the red '×' that removes a
// row, named after it, and the list's own error under the rows.
import { ActionIcon, Text, type ActionIconProps } from '@mantine/core';

/** The red '×' removing one row of a list; label names the row ('Kamer 2 verwijderen'). */
export function RemoveRowButton({ label, onClick, ...props }: { label: string; onClick: () => void } & ActionIconProps) {
  return (
    <ActionIcon variant="subtle" color="red" size="lg" aria-label={label} onClick={onClick} {...props}>
      ×
    </ActionIcon>
  );
}

/** A list's error ('Voeg minstens één kamer toe'); nothing unless the form gives one as text. */
export function ListError({ error }: { error: unknown }) {
  return typeof error === 'string' ? (
    <Text c="red" size="sm" role="alert">
      {error}
    </Text>
  ) : null;
}

// The buttons of a table row ('Wijzigen', 'Verwijderen', ...) as a list's last column: one small
// button per action, side by side; an action may explain why it is disabled in a tooltip.
import type { ReactNode } from 'react';
import { Button, Group, Tooltip, type ButtonProps, type MantineColor } from '@mantine/core';
import type { Column } from './DataTable';

export interface RowAction {
  label: ReactNode;
  onClick: () => void;
  color?: MantineColor;
  variant?: ButtonProps['variant'];
  disabled?: boolean;
  loading?: boolean;
  /** The accessible name, when the label alone does not say which row it acts on. */
  ariaLabel?: string;
  /** A native title (hover text). */
  title?: string;
  /** Shown on hover; null or undefined for none. */
  tooltip?: string | null;
  /** Leave the action out (a right the user does not have, a payment that cannot be deleted). */
  hidden?: boolean;
}

export function RowActions({
  actions,
  size = 'xs',
  variant = 'light',
  gap = 6,
  justify,
  children,
}: {
  actions: RowAction[];
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  gap?: number | string;
  justify?: 'flex-end';
  /** Shown before the buttons (a link). */
  children?: ReactNode;
}) {
  return (
    <Group gap={gap} justify={justify} wrap="nowrap">
      {children}
      {actions
        .filter((a) => !a.hidden)
        .map((a, i) => {
          const button = (
            <Button
              key={i}
              size={size}
              variant={a.variant ?? variant}
              color={a.color}
              disabled={a.disabled}
              loading={a.loading}
              title={a.title}
              aria-label={a.ariaLabel}
              onClick={a.onClick}
            >
              {a.label}
            </Button>
          );
          return a.tooltip === undefined ? (
            button
          ) : (
            <Tooltip key={i} label={a.tooltip ?? ''} disabled={!a.tooltip}>
              {button}
            </Tooltip>
          );
        })}
    </Group>
  );
}

export interface ActionsColumnOptions<T> {
  header?: ReactNode;
  /** At the right edge of the row, a little closer together. */
  end?: boolean;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  /** Shown before the buttons (a link). */
  before?: (row: T) => ReactNode;
}

/** The column of a row's buttons. */
export function actionsColumn<T>(
  actions: (row: T) => RowAction[],
  { header, end = false, size, variant, before }: ActionsColumnOptions<T> = {},
): Column<T> {
  return {
    key: 'actions',
    header,
    cell: (row) => (
      <RowActions actions={actions(row)} size={size} variant={variant} gap={end ? 'xs' : 6} justify={end ? 'flex-end' : undefined}>
        {before?.(row)}
      </RowActions>
    ),
  };
}

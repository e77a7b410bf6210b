// The admin's list: a search box sent to the server, a skeleton while the first page loads, the
// load error, an empty state, the table (dimmed while the next page loads) and the pages. Every
// admin tab shows its list through it; usePagedSearch supplies the list state.
import { Fragment, type Key, type ReactNode } from 'react';
import { Group, Pagination, ScrollArea, Skeleton, Stack, Table, Text, TextInput, type TableTdProps, type TableThProps } from '@mantine/core';
import { EmptyState, LoadError } from '../Feedback';

export interface Column<T> {
  key: string;
  header?: ReactNode;
  /** Props of the header cell (alignment, width). */
  th?: TableThProps;
  /** Props of every body cell of this column. */
  td?: TableTdProps;
  cell: (row: T) => ReactNode;
}

export interface ColumnsTableProps<T> {
  /** The table's accessible name; none for a table a labelled section already names. */
  label?: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  /** A row's React key; by default its `id`. */
  rowKey?: (row: T) => Key;
  /** Extra props of a row: data attributes, a click handler. */
  rowProps?: (row: T) => Record<string, unknown>;
  /** A row's details under it across all columns, or null when it is closed. */
  details?: (row: T) => ReactNode;
  /** While the next page loads, the shown page is dimmed. */
  dimmed?: boolean;
  minWidth?: number;
  striped?: boolean;
  highlightOnHover?: boolean;
  verticalSpacing?: string;
}

/** The bare table of columns and rows (no search, states or pages): DataTable's body, and a panel's table. */
export function ColumnsTable<T>({
  label,
  columns,
  rows,
  rowKey = (row) => (row as { id: Key }).id,
  rowProps,
  details,
  dimmed = false,
  minWidth,
  striped = true,
  highlightOnHover = true,
  verticalSpacing,
}: ColumnsTableProps<T>) {
  return (
    <Table
      striped={striped}
      highlightOnHover={highlightOnHover}
      verticalSpacing={verticalSpacing}
      miw={minWidth}
      aria-label={label}
      style={dimmed ? { opacity: 0.6 } : undefined}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.key} {...c.th}>
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const opened = details?.(row);
          return (
            <Fragment key={rowKey(row)}>
              <Table.Tr {...rowProps?.(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key} {...c.td}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
              {opened}
            </Fragment>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

export interface SearchBoxProps {
  /** 'Zoeken' unless the box searches one thing ('Zoek op bestelnummer'). */
  label?: string;
  placeholder?: string;
  /** A message under the box (text the server cannot search for). */
  error?: string;
  maw?: number;
  /** Filters next to the box (a region switch). */
  aside?: ReactNode;
}

interface ListProps<T> {
  /** The rows, or undefined while the first answer is loading. */
  rows: readonly T[] | undefined;
  isError: boolean;
  /** The server-side search box; none for a list without search. */
  searchBox?: SearchBoxProps;
  search?: string;
  onSearchChange?: (text: string) => void;
  /** The empty state's text. */
  empty: ReactNode;
  /** The skeleton's accessible name ('<label> laden' by default), its number of bars and their height. */
  loadingLabel?: string;
  skeletonRows?: number;
  skeletonHeight?: number;
  /** Number of matches over all pages, for `count`. */
  total?: number;
  /** The noun, one and many, of the line above the table that counts the matches ('1 gebruiker', '3 gebruikers'). */
  count?: readonly [one: string, many: string];
  page?: number;
  pages?: number;
  onPageChange?: (page: number) => void;
  /** The pagination's accessible name. */
  paginationLabel?: string;
  /** Shown above the table (or the empty state) once the first answer is in. */
  before?: ReactNode;
}

type TableProps<T> = Omit<ColumnsTableProps<T>, 'rows'>;

/** A table of columns, or the rows in another form (an accordion of groups) through renderRows. */
export type DataTableProps<T> = ListProps<T> &
  ((TableProps<T> & { renderRows?: undefined }) | (Partial<TableProps<T>> & { renderRows: (rows: readonly T[]) => ReactNode }));

export function DataTable<T>({
  rows,
  isError,
  searchBox,
  search = '',
  onSearchChange,
  empty,
  loadingLabel,
  skeletonRows = 4,
  skeletonHeight = 36,
  total,
  count,
  page = 1,
  pages = 1,
  onPageChange,
  paginationLabel = "Pagina's",
  before,
  renderRows,
  ...table
}: DataTableProps<T>) {
  const input = searchBox && (
    <TextInput
      label={searchBox.label ?? 'Zoeken'}
      placeholder={searchBox.placeholder}
      value={search}
      onChange={(e) => onSearchChange?.(e.currentTarget.value)}
      error={searchBox.error}
      maw={searchBox.aside ? undefined : (searchBox.maw ?? 420)}
      style={searchBox.aside ? { flex: 1, minWidth: 220 } : undefined}
    />
  );

  return (
    <Stack>
      {searchBox?.aside ? (
        <Group align="flex-end">
          {input}
          {searchBox.aside}
        </Group>
      ) : (
        input
      )}
      {isError ? (
        <LoadError />
      ) : rows === undefined ? (
        <Stack gap="xs" aria-label={loadingLabel ?? (table.label && `${table.label} laden`)}>
          {Array.from({ length: skeletonRows }, (_, i) => (
            <Skeleton key={i} height={skeletonHeight} />
          ))}
        </Stack>
      ) : (
        <>
          {before}
          {rows.length === 0 ? (
            <EmptyState>{empty}</EmptyState>
          ) : (
            <>
              {count && total !== undefined && (
                <Text size="sm" c="dimmed">
                  {total} {total === 1 ? count[0] : count[1]}
                </Text>
              )}
              {renderRows
                ? renderRows(rows)
                : table.columns && (
                    <ScrollArea type="auto">
                      <ColumnsTable {...table} columns={table.columns} rows={rows} />
                    </ScrollArea>
                  )}
              {pages > 1 && <Pagination total={pages} value={page} onChange={onPageChange} aria-label={paginationLabel} />}
            </>
          )}
        </>
      )}
    </Stack>
  );
}

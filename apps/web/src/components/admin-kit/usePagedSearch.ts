// The state behind every admin list: a search box whose text reaches the server 300 ms after the
// last keystroke, the page (back to 1 on every new search), and the query of that search and page,
// which keeps showing the previous page while the next one loads.
import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';

/** Query options of one search and page, as a feature's api.ts builds them (placeholderData is added here). */
export type PagedQueryOptions<TData, TKey extends QueryKey = QueryKey> = Omit<UseQueryOptions<TData, Error, TData, TKey>, 'placeholderData'>;

export interface PagedSearchOptions<TData, TRow, TKey extends QueryKey> {
  /** The query of the debounced search text and the page. */
  query: (q: string, page: number) => PagedQueryOptions<TData, TKey>;
  /** The rows of one answer. */
  rows: (data: TData) => TRow[];
  /** The number of matches over all pages; with pageSize it gives the page count. */
  total?: (data: TData) => number;
  pageSize?: number;
  /** Trim the search text before it is debounced (the server trims too; trimming here saves a request). */
  trim?: boolean;
  debounceMs?: number;
  /** More state to reset when the search text changes (besides the page). */
  onSearchChange?: (text: string) => void;
}

/** The query keys of a searched, paged admin list: `all` (to refresh every page) and one search and page. */
export const pagedListKeys = <const TAll extends readonly string[]>(all: TAll) => ({
  all,
  list: (q: string, page: number) => [...all, q, page] as const,
});

/** Number of pages for `total` matches (at least 1). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export interface PagedSearch<TData, TRow> {
  /** The text in the box. */
  search: string;
  setSearch: (text: string) => void;
  /** The debounced text the query used. */
  q: string;
  page: number;
  setPage: (page: number) => void;
  pages: number;
  query: UseQueryResult<TData, Error>;
  /** The rows, or undefined while the first answer is loading. */
  rows: TRow[] | undefined;
  total: number | undefined;
  /** DataTable's list props: spread them into <DataTable {...list.table} />. */
  table: {
    rows: TRow[] | undefined;
    total: number | undefined;
    isError: boolean;
    dimmed: boolean;
    page: number;
    pages: number;
    onPageChange: (page: number) => void;
    search: string;
    onSearchChange: (text: string) => void;
  };
}

export function usePagedSearch<TData, TRow, TKey extends QueryKey = QueryKey>({
  query: options,
  rows: rowsOf,
  total: totalOf,
  pageSize,
  trim = false,
  debounceMs = 300,
  onSearchChange,
}: PagedSearchOptions<TData, TRow, TKey>): PagedSearch<TData, TRow> {
  const [search, setSearchText] = useState('');
  const [q] = useDebouncedValue(trim ? search.trim() : search, debounceMs);
  const [page, setPage] = useState(1);
  const query = useQuery({ ...options(q, page), placeholderData: keepPreviousData });

  const setSearch = (text: string) => {
    setSearchText(text);
    setPage(1);
    onSearchChange?.(text);
  };
  const rows = query.data === undefined ? undefined : rowsOf(query.data);
  const total = query.data === undefined || !totalOf ? undefined : totalOf(query.data);
  const pages = total !== undefined && pageSize ? pageCount(total, pageSize) : 1;

  return {
    search,
    setSearch,
    q,
    page,
    setPage,
    pages,
    query,
    rows,
    total,
    table: {
      rows,
      total,
      isError: query.isError,
      dimmed: query.isPlaceholderData,
      page,
      pages,
      onPageChange: setPage,
      search,
      onSearchChange: setSearch,
    },
  };
}

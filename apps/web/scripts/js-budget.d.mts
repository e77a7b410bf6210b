export declare const JS_BUDGET_GZIP_BYTES: { text: number; shop: number; other: number };
export declare const PUBLIC_PAGES: Record<string, string>;
export declare const ISLAND_PAGES: string[];
export declare function budgetOf(pagePath: string): number;
export interface FirstJsPage {
  path: string;
  /** gzip bytes */
  budget: number;
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
  adminModules: string[];
  /** The app that follows on an island page (on any other page, the same as `files`): its files and gzip bytes. */
  app: { files: number; gzip: number };
}
export type FirstJs = { pages: FirstJsPage[] } | { missing: string };
export declare function measureFirstJs(dist: string, islandPages?: string[]): FirstJs;
export declare function printFirstJs(result: FirstJs): boolean;

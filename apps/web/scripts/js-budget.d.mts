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
}
export type FirstJs = { pages: FirstJsPage[] } | { missing: string };
export declare function measureFirstJs(dist: string): FirstJs;
export declare function printFirstJs(result: FirstJs): boolean;

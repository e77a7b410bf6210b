export declare const JS_BUDGET_GZIP_BYTES: number;
export declare const PUBLIC_PAGES: Record<string, string>;
export interface FirstJsPage {
  path: string;
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
  adminModules: string[];
}
export type FirstJs = { budget: number; pages: FirstJsPage[] } | { missing: string };
export declare function measureFirstJs(dist: string): FirstJs;
export declare function printFirstJs(result: FirstJs): boolean;

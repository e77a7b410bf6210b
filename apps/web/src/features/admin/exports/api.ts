// The accountant's exports: a date range of payments or invoices as CSV or XLSX, fetched with the
// bearer token (a file, not JSON, so through authorisedFetch, not apiGet) and handed to the browser
// as a download.
import { EXPORT_MSG, type ExportFormat, type ExportKind } from '@umrah/domain/validation/exports';
import { ApiError, UNPARSABLE_MESSAGE } from '../../../lib/api';
import { authorisedFetch } from '../../../lib/authorisedFetch';

/** The filename the server gave (Content-Disposition), or a sensible one. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(disposition ?? '');
  return m?.[1] ?? fallback;
}

/** GET the export with the token; the browser saves the blob under the server's filename. */
export async function downloadExport(kind: ExportKind, format: ExportFormat, from: string, to: string): Promise<void> {
  let res: Response;
  try {
    res = await authorisedFetch(`/api/admin/exports/${kind}.${format}?from=${from}&to=${to}`);
  } catch (err) {
    // The server's Dutch reason (a refused range); the export's own text for anything else.
    throw new Error(err instanceof ApiError && err.message !== UNPARSABLE_MESSAGE ? err.message : EXPORT_MSG.failed);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filenameOf(res.headers.get('content-disposition'), `${kind}_${from}_${to}.${format}`);
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// The accountant's exports: a date range of payments or invoices as CSV or XLSX, fetched with the
// bearer token (a file, not JSON, so not through apiGet) and handed to the browser as a download.
import { EXPORT_MSG, type ExportFormat, type ExportKind } from '@umrah/domain/validation/exports';
import { getToken } from '../../../lib/api';

/** The filename the server gave (Content-Disposition), or a sensible one. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(disposition ?? '');
  return m ? m[1] : fallback;
}

/** GET the export with the token; the browser saves the blob under the server's filename. */
export async function downloadExport(kind: ExportKind, format: ExportFormat, from: string, to: string): Promise<void> {
  const token = getToken();
  const res = await fetch(`/api/admin/exports/${kind}.${format}?from=${from}&to=${to}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? EXPORT_MSG.failed);
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

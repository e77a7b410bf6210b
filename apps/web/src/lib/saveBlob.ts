/** Hands a Blob to the browser as a download named `filename` (files that need the bearer token). */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser has started the download by now; the object URL only needs to live that long.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

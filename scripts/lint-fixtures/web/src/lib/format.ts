// Clean: the lowest layer imports nothing of the app.
export function formatName(name: string): string {
  return name.trim();
}

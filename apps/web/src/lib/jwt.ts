/** The claims of a JWT, read without verifying (the server verifies; the client only needs sub and exp). */
export function tokenClaims(token: string | null): { sub?: string; exp?: number; role?: number; act?: number } | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    return JSON.parse(json) as { sub?: string; exp?: number };
  } catch {
    return null;
  }
}

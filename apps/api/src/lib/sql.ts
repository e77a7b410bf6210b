/**
 * LIKE/ILIKE patterns from what someone typed in a search box. The wildcards % and _ (and the escape
 * character itself) are searched for literally: PostgreSQL's default LIKE escape is the backslash.
 */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** '%…%': the text anywhere in the column. */
export const containsPattern = (q: string): string => `%${escapeLike(q)}%`;

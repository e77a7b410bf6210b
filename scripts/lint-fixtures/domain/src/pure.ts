// Clean: a pure rule.
export const cents = (euros: number) => Math.round(euros * 100);

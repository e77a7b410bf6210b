// Clean: lib/ is shared by every module and imports none.
export const shared = (n: number) => n + 1;

// Clean: an internal file of module alpha, used by alpha itself.
export const alphaStart = 1;

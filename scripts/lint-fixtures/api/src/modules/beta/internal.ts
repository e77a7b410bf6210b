// Clean: an internal file of module beta.
export const betaStart = 2;

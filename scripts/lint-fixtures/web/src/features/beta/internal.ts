// Clean: an internal file of feature beta, used by beta itself and exported through its index.ts.
export const betaValue = 42;

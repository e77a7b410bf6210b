// Clean: module beta's public face.
export const betaName = 'beta';

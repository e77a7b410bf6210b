// A rule switched off without saying why.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const anything: any = 1;

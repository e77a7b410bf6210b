export * from './enums.ts';
export * from './money.ts';
export * from './dates.ts';
export * from './messages.ts';
export * from './hotels.ts';
export * from './validation/index.ts';
export * from './months.ts';
export * from './catalog.ts';

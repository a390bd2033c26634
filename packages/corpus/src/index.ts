export * from './front-matter.ts';
export * from './load.ts';
export * from './required-codes.ts';

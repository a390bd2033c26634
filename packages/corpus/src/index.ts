export * from './front-matter.ts';
export * from './load.ts';

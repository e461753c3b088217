// `@dars/contract/plain`: the part of the contract that holds no schema, for the student app's
// first screens, which load no zod (ADR 041): constants, the school's default identity and
// colours, the platforms' names, money in piasters, codes typed by people, and the calls'
// routes. `plain.test.ts` keeps it free of zod.
export * from './constants';
export * from './school-colours';
export * from './platform-names';
export * from './piasters';
export * from './normalize-input';
export * from './is-record';
export * from './calls/route';
export * from './calls/routes';

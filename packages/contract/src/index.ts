// The contract package's single entry: schemas and types shared by the server and the web client.
export * from './errors';
export * from './money';
export * from './pagination';
export * from './platform';
export * from './constants';
export * from './entities/settings';
export * from './entities/teacher';
export * from './entities/lecture';
export * from './entities/course';
export * from './calls/settings';
export * from './calls/courses';

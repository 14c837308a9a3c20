export type * from './kubernetes';
export type * from './api';

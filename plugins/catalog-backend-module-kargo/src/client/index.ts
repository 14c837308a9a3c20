export { KargoSnapshotClient } from './KargoSnapshotClient';
export type { KargoSnapshotSource } from './KargoSnapshotClient';

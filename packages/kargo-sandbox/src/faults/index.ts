export { SandboxFaults } from './SandboxFaults';
export type {
  SandboxApi,
  SandboxFault,
  SandboxRequestCounts,
  SandboxRequestRecord,
} from './types';

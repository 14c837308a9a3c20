export { GuardedActionButton } from './GuardedActionButton';
export type { GuardedActionButtonProps } from './GuardedActionButton';

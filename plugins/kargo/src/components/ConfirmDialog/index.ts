export { ConfirmDialog } from './ConfirmDialog';

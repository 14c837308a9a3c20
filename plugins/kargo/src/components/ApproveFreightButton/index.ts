export { ApproveFreightButton } from './ApproveFreightButton';

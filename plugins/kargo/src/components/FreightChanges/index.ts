export { FreightChanges } from './FreightChanges';

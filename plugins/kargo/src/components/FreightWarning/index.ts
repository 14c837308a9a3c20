export { FreightWarning } from './FreightWarning';

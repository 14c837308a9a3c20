export { StaleMarker } from './StaleMarker';

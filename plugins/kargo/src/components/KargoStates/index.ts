export { ResponseNotices } from './KargoStates';

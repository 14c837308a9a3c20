export { EntityKargoContent } from './EntityKargoContent';

export {
  EntityKargoContent,
  EntityKargoContentView,
} from './EntityKargoContent';

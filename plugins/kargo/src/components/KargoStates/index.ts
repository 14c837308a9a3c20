export {
  NoStages,
  ProjectErrors,
  ResponseNotices,
  StaleBanner,
} from './KargoStates';

export { StageArgoCdApps } from './StageArgoCdApps';
export { StageLinksButton } from './StageLinksButton';

export { SideDrawer } from './SideDrawer';

// The public pages live in the route group `(site)` (a folder name Vike leaves out of URLs) because vike-react's
// Layout is cumulative: a layout at pages/ would wrap the admin too, which has a frame of its own.
export { SiteLayout as default } from '../../components/SiteLayout.tsx';

// Vike leaves folders named `pages` out of routes (and applies their config files to the folder above), so this folder has another name and says its address.
export default '/admin/pages/@key/preview';

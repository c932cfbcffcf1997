export { AdminLayout as default } from './ui/AdminLayout.tsx';
